import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import pg from 'pg'
import { afterAll, beforeAll } from 'vitest'
import { buildApp } from '../app'
import { type Config, loadConfig } from '../config'
import { type DatabaseHandle, type DatabaseLocation, openDatabase } from '../db/client'
import type { SsrBundle } from '../http/ssr'
import type { DatabaseTemplate } from './global-setup'
import { lendEmbeddedDatabase } from './pglite-pool'

export interface TestDatabase {
  location: DatabaseLocation
  open(): Promise<DatabaseHandle>
  drop(): Promise<void>
}

/**
 * A database of its own for one test file, as the migrations leave it: a copy of the template that
 * global-setup.ts migrated once for the run (PGlite: its data directory's tarball; PostgreSQL:
 * `CREATE DATABASE … TEMPLATE`), so opening it finds nothing left to migrate. `empty: true` gives one
 * no migration has touched, for what a shop's first start or a restore does to an empty database.
 * On PGlite every open() is a database in memory as the template left it, lent from the worker's
 * pool until it is closed (pglite-pool.ts).
 */
export async function createTestDatabase(options: { empty?: boolean } = {}): Promise<TestDatabase> {
  const template = options.empty ? undefined : await databaseTemplate()
  if (process.env.TEST_DB_DRIVER !== 'postgres') {
    const tarball = template?.driver === 'pglite' ? template.tarball : undefined
    return {
      location: { driver: 'pglite' },
      open: () =>
        tarball ? lendEmbeddedDatabase(templateTarball(tarball)) : openDatabase({ driver: 'pglite' }),
      drop: async () => {},
    }
  }
  const adminUrl = process.env.TEST_DATABASE_URL
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for the postgres test project')
  const name = `jade_test_${randomBytes(6).toString('hex')}`
  await createDatabase(adminUrl, name, template?.driver === 'postgres' ? template.name : undefined)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const location: DatabaseLocation = { driver: 'postgres', url: url.toString(), poolSize: 10 }
  return {
    location,
    open: () => openDatabase(location),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl })
      await client.connect()
      await client.query(`drop database if exists ${name} with (force)`)
      await client.end()
    },
  }
}

/** The template global-setup.ts made for this run; none when Vitest ran without it (then migrate). */
async function databaseTemplate(): Promise<DatabaseTemplate | undefined> {
  // Imported here, not at the top: crash-child.ts imports this file in a process Vitest does not run.
  const { inject } = await import('vitest')
  return inject('databaseTemplate') as DatabaseTemplate | undefined
}

let tarballBlob: { file: string; blob: Blob } | undefined
/** The template's tarball, read once per worker: a Blob is never changed by reading it. */
function templateTarball(file: string): Blob {
  if (tarballBlob?.file !== file) tarballBlob = { file, blob: new Blob([readFileSync(file)]) }
  return tarballBlob.blob
}

async function createDatabase(adminUrl: string, name: string, template: string | undefined) {
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`)
        return
      } catch (error) {
        // 55006, "source database … is being accessed by other users": PostgreSQL copies a template
        // only while no session is connected to it. Copies made at once by other test files are not
        // sessions on it, and global-setup.ts lets no one connect to it, so this is a safety net for
        // a session that is still going away; PostgreSQL itself waits 5 s for one before refusing.
        if ((error as { code?: string }).code !== '55006' || attempt === 5) throw error
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt))
      }
    }
  } finally {
    await admin.end()
  }
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'jade-test-')),
    SESSION_SECRET: 'test-secret-that-is-long-enough-for-signing-cookies',
    SEED_DEMO: 'false',
    // Every request of a test comes from one address; the tests of the limit set their own.
    MAX_OPEN_UNPAID_ORDERS: '1000',
    MAX_UNPAID_PIECES: '1000',
    ...overrides,
  })
}

export interface TestApp {
  app: FastifyInstance
  handle: DatabaseHandle
  config: Config
  database: TestDatabase
  close(): Promise<void>
}

export interface TestAppOptions {
  rateLimits?: boolean
  ssrBundle?: SsrBundle
  env?: Record<string, string>
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase()
  const handle = await database.open()
  const config = testConfig(options.env)
  const app = await buildApp({
    config,
    database: handle,
    logger: false,
    rateLimits: options.rateLimits ?? false,
    ssrBundle: options.ssrBundle,
  })
  await app.ready()
  return {
    app,
    handle,
    config,
    database,
    close: async () => {
      await app.close()
      await handle.close()
      await database.drop()
      rmSync(config.dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * The test file's shop: built in a beforeAll hook, which runs before the file's own (hooks run in
 * the order they are registered), and closed after its last test. Its fields are read from tests
 * and hooks; at the top of the file, before the hook ran, there is no shop yet, and reading one
 * says so.
 */
export function shopForFile(options: TestAppOptions = {}): TestApp {
  let built: TestApp | undefined
  beforeAll(async () => {
    built = await createTestApp(options)
  })
  afterAll(async () => {
    await built?.close()
    built = undefined
  })
  const shop = (): TestApp => {
    if (!built) throw new Error('The test shop is built in beforeAll: read it from a test or a hook')
    return built
  }
  return {
    get app() {
      return shop().app
    },
    get handle() {
      return shop().handle
    },
    get config() {
      return shop().config
    },
    get database() {
      return shop().database
    },
    close: () => shop().close(),
  }
}

/** The `name=value` pairs of a response's Set-Cookie headers, as a Cookie header. */
export function cookieHeader(response: LightMyRequestResponse): string {
  return response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ')
}

let userCounter = 0
/** Registers a fresh customer and returns the session cookie. */
export async function registerCustomer(
  app: FastifyInstance,
  fields: Record<string, unknown> = {},
): Promise<{ cookie: string; username: string; password: string }> {
  userCounter += 1
  const username = `shopper${userCounter}_${randomBytes(3).toString('hex')}`
  const password = 'correct horse battery'
  const response = await app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { username, password, ...fields },
  })
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`)
  return { cookie: cookieHeader(response), username, password }
}
