import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import pg from 'pg'
import { withScratchDatabase } from './catalog'
import { type LoadResult, loadPair } from './load'
import { type AppServer, removeTempDir, startApp, startBareServer, stopChild, tempDir } from './processes'

// Storefront pages at scale (issue 21): with 2,000 more pieces than the demo catalogue, the pages an
// anonymous visitor sees are served from the page cache, each against a bare node:http server
// sending the very same bytes; and a page rendered afresh (a cache miss) stays quick.

export const EXTRA_PIECES = 2_000
export const PAGES_PLAN = { connections: 10, missSamples: 7 }
export const PAGES_TARGETS = { minRatio: 0.1, maxP99Ms: 50, maxListingBytes: 400 * 1024, maxMissMs: 50 }

export interface PageLoad {
  path: string
  bodyBytes: number
  gzipBytes: number
  app: LoadResult
  bare: LoadResult
  ratio: number
  /** Median and worst time to the last byte of a first render, just after a catalogue change. */
  missMedianMs: number
  missWorstMs: number
  pass: boolean
}
export interface PagesResult {
  pieces: number
  pages: PageLoad[]
}
export type PagesOutcome = PagesResult | { error: string }

const CATEGORIES = ['bangles', 'bracelets', 'earrings', 'necklaces', 'rings']
const TYPES = ['bangle', 'bracelet', 'earring', 'pendant', 'ring']
const COLORS = ['green', 'lavender', 'white', 'yellow', 'black', 'red']

/** 2,000 available pieces across the five categories, bangles of every size, in one statement. */
async function addPieces(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    await client.query(
      `insert into products (name, description, short_description, price, image_urls, category, type, color,
                             inner_diameter_mm, sku)
       select 'Bench ' || ($3::text[])[1 + i % 6] || ' jadeite ' || ($4::text[])[1 + i % 5] || ' ' || i,
              'A natural Type A jadeite ' || ($4::text[])[1 + i % 5] || ' in ' || ($3::text[])[1 + i % 6] ||
                ', hand polished in our Houston workshop and certified. ' || repeat('Untreated, with its card. ', 4),
              'Type A ' || ($3::text[])[1 + i % 6] || ' jadeite ' || ($4::text[])[1 + i % 5],
              9000 + (i * 7919) % 400000,
              array['/uploads/bench-' || i || '-1280.webp'],
              ($2::text[])[1 + i % 5],
              ($4::text[])[1 + i % 5],
              ($3::text[])[1 + i % 6],
              case when i % 5 = 0 then 50 + i % 17 end,
              'BENCH-' || i
       from generate_series(1, $1::int) as i`,
      [EXTRA_PIECES, CATEGORIES, COLORS, TYPES],
    )
    await client.query('analyze products')
    // The app's caches were filled before these rows: tell it, as every write does.
    await client.query(`select pg_notify('catalog_changed', '')`)
  } finally {
    await client.end()
  }
}

async function fetchPage(baseUrl: string, pagePath: string): Promise<Buffer> {
  const response = await fetch(`${baseUrl}${pagePath}`, { headers: { 'accept-encoding': 'identity' } })
  if (response.status !== 200) throw new Error(`GET ${pagePath}: ${response.status}`)
  return Buffer.from(await response.arrayBuffer())
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/** A first render: every page is forgotten (as after a write), then this one is asked for. */
async function missTimes(baseUrl: string, databaseUrl: string, pagePath: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const times: number[] = []
    for (let sample = 0; sample < PAGES_PLAN.missSamples; sample++) {
      await client.query(`select pg_notify('catalog_changed', '')`)
      await sleep(200)
      const started = performance.now()
      await fetchPage(baseUrl, pagePath)
      times.push(performance.now() - started)
    }
    return times
  } finally {
    await client.end()
  }
}

async function measure(databaseUrl: string): Promise<PagesResult> {
  let app: AppServer | undefined
  const scratch = tempDir('pages')
  try {
    app = await startApp({ databaseUrl, seedDemo: true })
    await addPieces(databaseUrl)
    await sleep(300)
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    const { rows } = await client
      .query<{ id: number }>(`select id from products where status = 'available' order by id desc limit 1`)
      .finally(() => client.end())
    const paths = ['/', '/products', '/products/category/bangles', `/product/${rows[0]!.id}`]
    const pages: PageLoad[] = []
    for (const pagePath of paths) {
      console.info(`pages: ${pagePath}`)
      const misses = await missTimes(app.baseUrl, databaseUrl, pagePath)
      const body = await fetchPage(app.baseUrl, pagePath)
      const bodyFile = path.join(scratch, 'page.html')
      writeFileSync(bodyFile, body)
      const bare = await startBareServer(bodyFile, 'text/html; charset=utf-8')
      try {
        const load = await loadPair(`${app.baseUrl}${pagePath}`, `${bare.baseUrl}/`, PAGES_PLAN.connections)
        const ratio = load.app.requestsPerSecond / load.bare.requestsPerSecond
        const missMedianMs = median(misses)
        const sizeOk = pagePath !== '/products' || body.length <= PAGES_TARGETS.maxListingBytes
        pages.push({
          path: pagePath,
          bodyBytes: body.length,
          gzipBytes: gzipSync(body).length,
          app: load.app,
          bare: load.bare,
          ratio,
          missMedianMs,
          missWorstMs: Math.max(...misses),
          pass:
            ratio >= PAGES_TARGETS.minRatio &&
            load.app.p99Ms < PAGES_TARGETS.maxP99Ms &&
            !load.app.failures &&
            missMedianMs < PAGES_TARGETS.maxMissMs &&
            sizeOk,
        })
      } finally {
        await stopChild(bare)
      }
    }
    return { pieces: EXTRA_PIECES, pages }
  } finally {
    if (app) {
      await stopChild(app)
      removeTempDir(app.dataDir)
    }
    removeTempDir(scratch)
  }
}

/** The storefront's pages for anonymous visitors on PostgreSQL with 2,000 extra pieces. */
export async function benchPages(postgresUrl: string): Promise<PagesOutcome> {
  console.info('storefront pages: PostgreSQL')
  try {
    return await withScratchDatabase(postgresUrl, measure)
  } catch (error) {
    return { error: (error as Error).stack ?? String(error) }
  }
}
