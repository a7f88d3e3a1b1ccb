import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_ARGS, E2E_CHROMIUM_PATH } from './scripts/chromium'

/**
 * How many journeys run at once, each worker against a shop of its own: most of a journey is
 * waiting on the browser and the server, so two workers finish the suite in about half the time
 * even on two cores (README, Testing). Set it, not --workers: the config starts one server per worker.
 */
const WORKERS = Number(process.env.E2E_WORKERS ?? 2)
const FIRST_PORT = Number(process.env.E2E_PORT ?? 4173)
// Fresh shops for every run: new databases, the demo catalogue, one administrator. Each worker's
// shop keeps its data (and its .eml mail) in a directory of its own under this one; the workers
// inherit the variable, so they find the same directories.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'jade-e2e-'))
process.env.E2E_DATA_DIR = dataDir

/** The shop of the worker with this parallel index: its address and its data directory. */
export function e2eShop(parallelIndex: number): { baseURL: string; dataDir: string } {
  if (!(parallelIndex >= 0 && parallelIndex < WORKERS))
    throw new Error(`No e2e shop for worker ${parallelIndex}: set E2E_WORKERS rather than --workers`)
  return {
    baseURL: `http://127.0.0.1:${FIRST_PORT + parallelIndex}`,
    dataDir: path.join(dataDir, `shop-${parallelIndex}`),
  }
}

/** IMPORT_FETCH_TIMEOUT_MS of the e2e shop: the catalogue-import journey looks at an import held on a picture. */
export const E2E_IMPORT_FETCH_TIMEOUT_MS = 30_000

export const E2E_ADMIN = { username: 'e2e-owner', password: 'e2e-owner-password' }
/** MAX_UNPAID_PIECES of the e2e shop: every journey's Zelle order comes from one address. */
export const E2E_UNPAID_PIECES = 50

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  // A file's journeys run in order, in one worker (journal.spec.ts's story is written, then read).
  fullyParallel: false,
  workers: WORKERS,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? 'line' : 'list',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    // Each worker's own shop's address is set by e2e/fixtures.ts; this is the first one's.
    baseURL: e2eShop(0).baseURL,
    // A trace records every step's page and a screencast: recording it for every journey cost a
    // quarter of the run's time (6.5 → 4.8 min on two cores, in the headless shell). CI retries a
    // failed journey once, and that retry is traced; E2E_TRACE=1 traces every journey and keeps the
    // failures' traces.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: E2E_CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  // One command starts every worker's shop: the demo catalogue seeded once and copied, the servers
  // started together (scripts/e2e-shops.mjs says why); it prints the line below once all answer.
  webServer: {
    command: 'node scripts/e2e-shops.mjs',
    wait: { stdout: /e2e shops ready/ },
    // Seeding plus the shops' start: 92 + 25 s on the loaded 2-core machine.
    timeout: 180_000,
    env: {
      E2E_SHOPS: String(WORKERS),
      E2E_FIRST_PORT: String(FIRST_PORT),
      E2E_SHOPS_DIR: dataDir,
      SEED_DEMO: 'true',
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: 'warn',
      // High enough that the demo's cheaper pieces show the road to free shipping.
      FREE_SHIPPING_THRESHOLD_CENTS: '100000',
      SESSION_SECRET: 'e2e-session-secret-that-is-long-enough',
      // Each journey names its own address (e2e/fixtures.ts), as shoppers behind one load balancer.
      TRUST_PROXY: '1',
      // Every journey's Zelle order comes from 127.0.0.1: more than a real shopper's three.
      MAX_OPEN_UNPAID_ORDERS: '100',
      // …and their pieces together: the piece-limit journey orders more than this at once.
      MAX_UNPAID_PIECES: String(E2E_UNPAID_PIECES),
      // The catalogue-import journey serves pictures by web address from the test process, on
      // loopback, and holds one to watch the import mid-run; the shop fetches only from the public
      // internet unless a host is named here (fetch-picture.ts).
      IMPORT_FETCH_ALLOW_HOSTS: '127.0.0.1',
      // …and holds it for as long as its checks of the running import take on a slow machine.
      IMPORT_FETCH_TIMEOUT_MS: String(E2E_IMPORT_FETCH_TIMEOUT_MS),
    },
  },
})
