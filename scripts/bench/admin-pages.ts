import { type BrowserContext, chromium } from 'playwright-core'
import { ADMIN } from './processes'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './storefront'

// The back office's cold loads (issue 32): a signed-in owner opens a screen in a browser with an
// empty cache, and the time until its first data is on screen is taken, not only its first paint.

export const ADMIN_SCREENS = [
  { label: 'dashboard', path: '/admin/dashboard' },
  { label: 'products', path: '/admin/products' },
  { label: 'orders', path: '/admin/orders' },
  { label: 'sales', path: '/admin/sales' },
  { label: 'discounts', path: '/admin/discounts' },
] as const
export const ADMIN_PAGES_PLAN = { samples: 5 }
export const ADMIN_PAGES_TARGET_MS = 600

export interface AdminScreenLoad {
  label: string
  path: string
  /** From navigation start to the frame that painted the screen's data: its h1, no skeleton, nothing busy. */
  medianMs: number
  worstMs: number
  pass: boolean
}
export type AdminPagesOutcome = { screens: AdminScreenLoad[] } | { error: string }

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/** The session cookie of the bench's administrator, signed in once through the API. */
async function sessionCookies(baseUrl: string) {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.username, password: ADMIN.password }),
  })
  if (!response.ok) throw new Error(`POST /api/login: ${response.status}`)
  const { hostname } = new URL(baseUrl)
  return response.headers.getSetCookie().map((header) => {
    const [pair] = header.split(';')
    const [name, ...value] = pair!.split('=')
    return { name: name!.trim(), value: value.join('='), domain: hostname, path: '/' }
  })
}

/**
 * Installed before the page's first byte: the frame in which the screen last came to show its data
 * (its h1, no skeleton, nothing busy). A MutationObserver sees the DOM become ready as the parser or
 * React writes it, and a requestAnimationFrame callback then runs in the next rendering step, the one
 * that paints it: its timestamp is when the data reached the screen, however long the main thread is
 * busy afterwards (hydration, the rest of the code). Polling from the bench instead (Playwright's
 * waitForFunction, then an evaluate for the clock) read the time a round trip later, and only once
 * the main thread was free: a page whose data is in its HTML read as late as one drawn by script.
 */
// Plain JavaScript in a string: a function handed over would be serialised as tsx compiled it,
// with helpers (__name) the page does not have.
const WATCH_DATA_ON_SCREEN = `{
  const ready = () =>
    document.querySelector('main h1') !== null &&
    document.querySelector('.animate-shimmer') === null &&
    document.querySelector('[aria-busy="true"]') === null
  let wasReady = false
  new MutationObserver(() => {
    const now = ready()
    if (now && !wasReady)
      requestAnimationFrame((frame) => {
        if (ready()) window.__dataOnScreenAt = frame
      })
    if (!now) window.__dataOnScreenAt = undefined
    wasReady = now
  }).observe(document, { childList: true, subtree: true, attributes: true })
}`

/** One cold load: a fresh context (no cache), the owner's cookie, timed in the page's own clock. */
async function coldLoad(context: BrowserContext, url: string): Promise<number> {
  const page = await context.newPage()
  try {
    await page.addInitScript(WATCH_DATA_ON_SCREEN)
    await page.goto(url, { waitUntil: 'commit' })
    // Shown, and still so once the page has settled (a screen that drew its data and then lost it
    // again to a skeleton counts from the second time).
    await page.waitForLoadState('networkidle')
    const at = await page.waitForFunction(
      () => (window as unknown as { __dataOnScreenAt?: number }).__dataOnScreenAt,
      undefined,
      { polling: 'raf', timeout: 30_000 },
    )
    return (await at.jsonValue()) as number
  } finally {
    await page.close()
  }
}

export async function benchAdminPages(baseUrl: string): Promise<AdminPagesOutcome> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
  try {
    const cookies = await sessionCookies(baseUrl)
    const screens: AdminScreenLoad[] = []
    for (const screen of ADMIN_SCREENS) {
      // A discarded first load warms the server's own caches, as a shop that has been running has.
      const warm = await browser.newContext()
      await warm.addCookies(cookies)
      await coldLoad(warm, `${baseUrl}${screen.path}`)
      await warm.close()
      const times: number[] = []
      for (let sample = 0; sample < ADMIN_PAGES_PLAN.samples; sample++) {
        const context = await browser.newContext()
        await context.addCookies(cookies)
        times.push(await coldLoad(context, `${baseUrl}${screen.path}`))
        await context.close()
      }
      const medianMs = Math.round(median(times))
      console.info(`admin pages: ${screen.path} ${medianMs} ms`)
      screens.push({
        ...screen,
        medianMs,
        worstMs: Math.round(Math.max(...times)),
        pass: medianMs < ADMIN_PAGES_TARGET_MS,
      })
    }
    return { screens }
  } finally {
    await browser.close()
  }
}
