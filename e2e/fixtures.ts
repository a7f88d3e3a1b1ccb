import { test as base, type Cookie, expect, type Locator, type Page } from '@playwright/test'
import { E2E_ADMIN, e2eShop } from '../playwright.config'

/** A request a journey means to fail (a wrong password, a sold piece): method, path pattern, status. */
export interface ExpectedFailure {
  url: RegExp
  status: number
}

/**
 * Failures every journey may meet: the auth check answers 401 to a visitor who is not signed in
 * (storefront.md §7: "a 401 on the auth check gives an empty user").
 */
const ALWAYS_EXPECTED: ExpectedFailure[] = [{ url: /\/api\/check-auth$/, status: 401 }]

interface Watch {
  /** Declares failures this test provokes on purpose; anything else fails the journey. */
  expectFailures: (...failures: ExpectedFailure[]) => void
  /**
   * Declares console errors this test provokes on purpose. The one use: the browser refusing the
   * test tool's own scripts in a frame sandboxed without allow-scripts (the campaign editor's
   * e-mail preview), which is the sandbox doing its work.
   */
  expectConsoleErrors: (...patterns: RegExp[]) => void
  /** Another person's page (a second browser context): watched the same way, and hydration-aware. */
  also: (page: Page) => Page
}

/**
 * Pages are server-rendered: a button is on screen before React has hydrated it. Navigation here
 * waits for the app's hydration mark, as a person would wait for the page to finish loading.
 *
 * A journey also fails on any console error, uncaught page error, request that never completed,
 * or 4xx/5xx answer it did not declare with `watch.expectFailures`.
 */
/** A private address for one attempt of one journey: 10.x.y.z from its id and retry. */
function journeyAddress(testId: string, retry: number): string {
  let hash = 2166136261
  for (const char of `${testId}#${retry}`) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0
  return `10.${(hash >>> 16) & 255}.${(hash >>> 8) & 255}.${hash & 255 || 1}`
}

/**
 * This worker's shop (playwright.config.ts starts one per worker): its address and data directory.
 * A worker's journeys run one at a time, so no two of them meet in one shop at once.
 */
export const workerShop = () => e2eShop(Number(process.env.TEST_PARALLEL_INDEX))

export const test = base.extend<{ watch: Watch }>({
  /** Every page, request context and browser a journey opens goes to its worker's own shop. */
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, use, testInfo) => {
    await use(e2eShop(testInfo.parallelIndex).baseURL)
  },
  /**
   * Every journey is a shopper of its own, arriving through the shop's one "load balancer"
   * (TRUST_PROXY=1 in playwright.config.ts): the per-address limits (ten registrations an hour,
   * twenty checkouts in ten minutes) count each journey apart, as they count real shoppers, however
   * many journeys the suite holds.
   */
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  extraHTTPHeaders: async ({}, use, testInfo) => {
    await use({ 'x-forwarded-for': journeyAddress(testInfo.testId, testInfo.retry) })
  },
  watch: [
    async ({ page }, use) => {
      const expected = [...ALWAYS_EXPECTED]
      const expectedConsole: RegExp[] = []
      const problems: string[] = []
      const isExpected = (url: string, status: number) =>
        expected.some((failure) => failure.status === status && failure.url.test(new URL(url).pathname))
      const watchPage = (watched: Page) => {
        watched.on('response', (response) => {
          if (response.status() < 400) return
          if (!isExpected(response.url(), response.status()))
            problems.push(`${response.status()} ${response.request().method()} ${response.url()}`)
        })
        watched.on('requestfailed', (request) => {
          // Navigations away abort the previous page's requests; those are not failures.
          if (request.failure()?.errorText === 'net::ERR_ABORTED') return
          problems.push(
            `request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText})`,
          )
        })
        watched.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
        watched.on('console', (message) => {
          if (message.type() !== 'error') return
          // The browser reports every 4xx/5xx answer in the console too; those are judged above.
          if (/Failed to load resource/.test(message.text())) return
          if (expectedConsole.some((pattern) => pattern.test(message.text()))) return
          problems.push(`console error: ${message.text()}`)
        })
      }
      watchPage(page)
      await use({
        expectFailures: (...failures) => expected.push(...failures),
        expectConsoleErrors: (...patterns) => expectedConsole.push(...patterns),
        also: (other) => {
          watchPage(other)
          return withHydrationWait(other)
        },
      })
      expect(problems, 'unexpected console errors or failed requests').toEqual([])
    },
    { auto: true },
  ],
  page: async ({ page }, use) => {
    await use(withHydrationWait(page))
  },
})

function withHydrationWait(page: Page): Page {
  const goto = page.goto.bind(page)
  page.goto = async (url, options) => {
    const response = await goto(url, options)
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
    return response
  }
  const reload = page.reload.bind(page)
  page.reload = async (options) => {
    const response = await reload(options)
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
    return response
  }
  return page
}

/**
 * The owner's session, signed in once through the form and then reused by every journey of this
 * worker: sign-in allows 10 attempts per 5 minutes per address (DESIGN.md §5), and the journeys
 * all come from 127.0.0.1. A session that has ended (a journey signed out) is replaced.
 */
let ownerSession: Cookie[] | undefined

export async function signInAsOwner(page: Page) {
  if (ownerSession) {
    await page.context().addCookies(ownerSession)
    const check = await page.request.get('/api/check-auth')
    if (check.ok() && ((await check.json()) as { isAdmin?: boolean }).isAdmin) {
      await page.goto('/admin/dashboard')
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
      return
    }
    await page.context().clearCookies()
  }
  await page.goto('/admin')
  await page.getByLabel('Username').fill(E2E_ADMIN.username)
  await page.getByLabel('Password').fill(E2E_ADMIN.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
  ownerSession = (await page.context().cookies()).filter((cookie) =>
    ['sid', 'has_session'].includes(cookie.name),
  )
}

/** A photo of the demo catalogue, for a piece a journey lists through the API (one is required). */
export async function demoImage(page: Page): Promise<string[]> {
  const listed = (await (await page.request.get('/api/products')).json()) as { imageUrls: string[] }[]
  return listed.find((product) => product.imageUrls.length > 0)!.imageUrls.slice(0, 1)
}

/**
 * A toast on screen saying `text`. Not found by role: Radix announces a toast through a live region
 * that lasts one second (what a screen reader hears), while the toast itself stays for five; a
 * check polled across that second missed it. And while a modal dialog is open, the page behind it,
 * toasts included, is hidden from assistive technology, as it should be.
 */
export const toast = (page: Page, text: string | RegExp): Locator =>
  page.locator('[role="region"][aria-label^="Notifications"] li').filter({ hasText: text }).first()

export { expect }
