import { gzipSync } from 'node:zlib'
import { chromium, type Response } from 'playwright-core'

import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium'

export { CHROMIUM_PATH }
// Headless in the new mode for Lighthouse and the script weights alike.
export const CHROMIUM_FLAGS = ['--headless=new', ...CHROMIUM_ARGS]

export const JS_BUDGET_GZIP_BYTES = 120 * 1024

export interface StorefrontPage {
  label: string
  path: string
}

/**
 * The three pages DESIGN.md §6 budgets, a real product's detail page among them, the Journal
 * with its newest story (the seed publishes a few), and the pages with forms: the review form on
 * /testimonials and the inquiry form on /contact.
 */
export async function storefrontPages(baseUrl: string): Promise<StorefrontPage[]> {
  const response = await fetch(`${baseUrl}/api/products?page=1&pageSize=1`)
  if (!response.ok) throw new Error(`GET /api/products: ${response.status}`)
  const first = ((await response.json()) as { items: { id: number }[] }).items[0]
  if (!first) throw new Error('the seeded catalogue is empty')
  const journal = await fetch(`${baseUrl}/api/blog/posts?pageSize=1`)
  if (!journal.ok) throw new Error(`GET /api/blog/posts: ${journal.status}`)
  const newest = ((await journal.json()) as { items: { slug: string }[] }).items[0]
  if (!newest) throw new Error('the seeded journal is empty')
  return [
    { label: 'home', path: '/' },
    { label: 'products', path: '/products' },
    { label: 'product', path: `/product/${first.id}` },
    { label: 'journal', path: '/journal' },
    { label: 'journal post', path: `/journal/${newest.slug}` },
    { label: 'testimonials', path: '/testimonials' },
    { label: 'contact', path: '/contact' },
  ]
}

export interface ScriptWeight {
  page: StorefrontPage
  scripts: { url: string; bytes: number; gzipBytes: number }[]
  bytes: number
  gzipBytes: number
  adminChunk: boolean
  pass: boolean
}

async function scriptBody(response: Response) {
  const body = await response.body()
  return { url: response.url(), bytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length }
}

/**
 * Loads each page in a fresh browser context (empty cache: a first visit) and weighs every script
 * it fetched until the network went idle. Sizes are gzipped here, so the number does not depend
 * on whether the static server compresses.
 */
export async function benchScripts(baseUrl: string, pages: StorefrontPage[]): Promise<ScriptWeight[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
  try {
    const results: ScriptWeight[] = []
    for (const page of pages) {
      console.info(`scripts: ${page.path}`)
      const context = await browser.newContext()
      const tab = await context.newPage()
      const bodies: Promise<ScriptWeight['scripts'][number]>[] = []
      tab.on('response', (response) => {
        if (response.request().resourceType() === 'script') bodies.push(scriptBody(response))
      })
      const response = await tab.goto(`${baseUrl}${page.path}`, { waitUntil: 'networkidle' })
      if (!response?.ok()) throw new Error(`${page.path} answered ${response?.status()}`)
      // A script the page asked for twice (a modulepreload, then the import) is one download.
      const scripts = (await Promise.all(bodies)).filter(
        (script, index, all) => all.findIndex((other) => other.url === script.url) === index,
      )
      if (scripts.length < bodies.length)
        console.info(`  ${bodies.length - scripts.length} repeated script URLs`)
      await context.close()
      const gzipBytes = scripts.reduce((sum, script) => sum + script.gzipBytes, 0)
      const adminChunk = scripts.some((script) => script.url.includes('admin-app'))
      results.push({
        page,
        scripts,
        bytes: scripts.reduce((sum, script) => sum + script.bytes, 0),
        gzipBytes,
        adminChunk,
        pass: gzipBytes < JS_BUDGET_GZIP_BYTES && !adminChunk && scripts.length > 0,
      })
    }
    return results
  } finally {
    await browser.close()
  }
}
