import { writeFileSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { DATABASE_PREFIX } from './leftovers'
import { type LoadResult, loadPair } from './load'
import {
  ADMIN,
  type AppServer,
  onCleanup,
  removeTempDir,
  startApp,
  startBareServer,
  stopChild,
  tempDir,
} from './processes'

export const PRODUCT_COUNT = 60
export const CATALOG_TARGETS = { minRatio: 0.5, maxP99Ms: 20 }

export interface CatalogResult {
  database: 'PGlite' | 'PostgreSQL'
  bodyBytes: number
  app: LoadResult
  bare: LoadResult
  ratio: number
  pass: boolean
}

const CATEGORIES = ['bangles', 'bracelets', 'earrings', 'necklaces', 'rings'] as const
const TYPES = {
  bangles: 'bangle',
  bracelets: 'bracelet',
  earrings: 'earring',
  necklaces: 'pendant',
  rings: 'ring',
}
const COLORS = ['green', 'lavender', 'white', 'yellow', 'black', 'red']

function product(index: number) {
  const category = CATEGORIES[index % CATEGORIES.length]!
  const color = COLORS[index % COLORS.length]!
  return {
    name: `Bench ${color} jadeite piece ${index + 1}`,
    description: `A natural Type A jadeite ${TYPES[category]} in ${color}, hand polished, created for the catalogue benchmark.`,
    shortDescription: `Type A ${color} jadeite ${TYPES[category]}`,
    price: 12_000 + index * 1_375,
    imageUrls: ['/uploads/x-1280.webp'],
    category,
    type: TYPES[category],
    color,
  }
}

export async function signIn(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  })
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`)
  const sid = response.headers
    .getSetCookie()
    .map((cookie) => /^sid=([^;]*)/.exec(cookie)?.[1])
    .find(Boolean)
  if (!sid) throw new Error('login answered without a sid cookie')
  return `sid=${sid}`
}

/** Fills the empty catalogue through the admin API, as the owner would. */
async function createProducts(baseUrl: string) {
  const cookie = await signIn(baseUrl)
  for (let index = 0; index < PRODUCT_COUNT; index++) {
    const response = await fetch(`${baseUrl}/api/products`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(product(index)),
    })
    if (response.status !== 201) {
      throw new Error(`creating product ${index + 1}: ${response.status} ${await response.text()}`)
    }
  }
}

async function listingBytes(baseUrl: string): Promise<Buffer> {
  const response = await fetch(`${baseUrl}/api/products`, { headers: { 'accept-encoding': 'identity' } })
  if (!response.ok) throw new Error(`GET /api/products: ${response.status}`)
  const body = Buffer.from(await response.arrayBuffer())
  const count = (JSON.parse(body.toString()) as unknown[]).length
  if (count !== PRODUCT_COUNT)
    throw new Error(`GET /api/products listed ${count} products, not ${PRODUCT_COUNT}`)
  return body
}

async function measure(database: CatalogResult['database'], databaseUrl?: string): Promise<CatalogResult> {
  let app: AppServer | undefined
  let bare: Awaited<ReturnType<typeof startBareServer>> | undefined
  const scratch = tempDir('body')
  try {
    app = await startApp({ databaseUrl, seedDemo: false })
    await createProducts(app.baseUrl)
    const body = await listingBytes(app.baseUrl)
    const bodyFile = path.join(scratch, 'products.json')
    writeFileSync(bodyFile, body)
    bare = await startBareServer(bodyFile)

    const { app: appLoad, bare: bareLoad } = await loadPair(`${app.baseUrl}/api/products`, `${bare.baseUrl}/`)
    const ratio = appLoad.requestsPerSecond / bareLoad.requestsPerSecond
    return {
      database,
      bodyBytes: body.length,
      app: appLoad,
      bare: bareLoad,
      ratio,
      pass:
        ratio >= CATALOG_TARGETS.minRatio && appLoad.p99Ms < CATALOG_TARGETS.maxP99Ms && !appLoad.failures,
    }
  } finally {
    if (bare) await stopChild(bare)
    if (app) {
      await stopChild(app)
      removeTempDir(app.dataDir)
    }
    removeTempDir(scratch)
  }
}

/** A throw-away database next to BENCH_DATABASE_URL's, dropped whatever happens. */
export async function withScratchDatabase<T>(baseUrl: string, run: (url: string) => Promise<T>): Promise<T> {
  const name = `${DATABASE_PREFIX}${process.pid}_${Date.now()}`
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  let dropped = false
  const drop = async () => {
    if (dropped) return
    dropped = true
    await admin.query(`drop database if exists "${name}" with (force)`).catch((error: Error) => {
      console.error(`could not drop database ${name}: ${error.message}`)
    })
    await admin.end()
  }
  const unregister = onCleanup(drop)
  try {
    await admin.query(`create database "${name}"`)
    const url = new URL(baseUrl)
    url.pathname = `/${name}`
    return await run(url.toString())
  } finally {
    unregister()
    await drop()
  }
}

export type CatalogOutcome = CatalogResult | { database: CatalogResult['database']; error: string }

// One database failing must not hide the other's numbers.
async function attempt(database: CatalogResult['database'], run: () => Promise<CatalogResult>) {
  console.info(`catalogue: ${database}`)
  try {
    return await run()
  } catch (error) {
    console.error(`catalogue on ${database} failed: ${(error as Error).message}`)
    return { database, error: (error as Error).message }
  }
}

export async function benchCatalog(postgresUrl: string): Promise<CatalogOutcome[]> {
  return [
    await attempt('PGlite', () => measure('PGlite')),
    await attempt('PostgreSQL', () => withScratchDatabase(postgresUrl, (url) => measure('PostgreSQL', url))),
  ]
}
