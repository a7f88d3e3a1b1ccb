import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import pg from 'pg'
import { buildApp } from '../app'
import { type Config, loadConfig } from '../config'
import { type DatabaseHandle, type DatabaseLocation, openDatabase } from '../db/client'
import type { SsrBundle } from '../http/ssr'

export interface TestDatabase {
  location: DatabaseLocation
  open(): Promise<DatabaseHandle>
  drop(): Promise<void>
}

/** A fresh, empty database for one test file: in-memory PGlite, or a new PostgreSQL database. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DB_DRIVER !== 'postgres') {
    return {
      location: { driver: 'pglite' },
      open: () => openDatabase({ driver: 'pglite' }),
      drop: async () => {},
    }
  }
  const adminUrl = process.env.TEST_DATABASE_URL
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for the postgres test project')
  const name = `jade_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
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

export async function createTestApp(
  options: { rateLimits?: boolean; ssrBundle?: SsrBundle; env?: Record<string, string> } = {},
): Promise<TestApp> {
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
