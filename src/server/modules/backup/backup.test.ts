import { randomBytes } from 'node:crypto'
import { createReadStream, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import tar from 'tar-stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app'
import { type DatabaseHandle, openDatabase } from '../../db/client'
import { databaseLocation } from '../../db/location'
import { adminCookie, placeZelleOrder, productFields } from '../../test/factories'
import {
  createTestApp,
  createTestDatabase,
  type TestApp,
  type TestDatabase,
  testConfig,
} from '../../test/helpers'
import { multipartBody, pngOf } from '../../test/multipart'
import { type S3StandIn, startS3StandIn } from '../../test/s3-stand-in'
import { products } from '../catalog/schema'
import { backupCommand, restoreCommand } from './commands'
import { databaseNotEmpty, type RestoreTarget } from './database-dump'

// A shop with a product, its uploaded picture and an order is backed up through the running
// server, restored into a fresh DATA_DIR (and, on PostgreSQL, a fresh database and bucket), started
// again, and still shows the same product, picture and order. On PostgreSQL the shop's files are in
// an S3 bucket and the backup is also taken by `npm run backup` (pg_dump) while the shop runs.

const onPostgres = process.env.TEST_DB_DRIVER === 'postgres'
const root = mkdtempSync(path.join(tmpdir(), 'jade-backups-'))
let s3: S3StandIn | undefined
let shop: TestApp
let owner: string
let product: { id: number; name: string; imageUrls: string[] }
let imageBytes: Buffer
let orderId: number

beforeAll(async () => {
  s3 = onPostgres ? await startS3StandIn() : undefined
  shop = await createTestApp({ env: s3?.env })
  owner = await adminCookie(shop.app, shop.handle.db)
  const { payload, headers } = await multipartBody([
    { field: 'images', name: 'bangle.png', data: await pngOf('#2f7d5b', 700), type: 'image/png' },
  ])
  const upload = await shop.app.inject({
    method: 'POST',
    url: '/api/upload/product-image',
    payload,
    headers: { ...headers, cookie: owner },
  })
  const [imageUrl] = (upload.json() as { files: string[] }).files
  const { name, description, shortDescription, category, type, color } = productFields()
  const created = await shop.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: { cookie: owner },
    payload: {
      name,
      description,
      shortDescription,
      category,
      type,
      color,
      price: 25_000,
      imageUrls: [imageUrl],
    },
  })
  product = created.json()
  imageBytes = (await shop.app.inject({ method: 'GET', url: imageUrl! })).rawPayload
  const order = await placeZelleOrder(shop.app, [{ id: product.id, price: 25_000 }], {
    email: 'backup-buyer@example.com',
  })
  expect(order.statusCode).toBe(200)
  orderId = order.json().id
}, 180_000)
afterAll(async () => {
  await shop.close()
  await s3?.close()
  rmSync(root, { recursive: true, force: true })
})

/** A fresh, empty place to restore into: DATA_DIR, and on PostgreSQL an empty database and bucket. */
async function emptyTarget() {
  const dataDir = mkdtempSync(path.join(root, 'restored-'))
  if (!onPostgres) return { env: { DATA_DIR: dataDir }, drop: async () => {} }
  const database = await createTestDatabase({ empty: true })
  const url = (database.location as { url: string }).url
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url, ...(await s3!.newBucket()) },
    drop: () => database.drop(),
  }
}

const restoreTargetOf = (env: Record<string, string>): RestoreTarget =>
  env.DATABASE_URL
    ? { driver: 'postgres', url: env.DATABASE_URL }
    : { driver: 'pglite', dataDir: path.join(env.DATA_DIR!, 'db') }

/** Starts the shop from a restored target, as `npm start` would with those settings. */
async function startRestored(
  env: Record<string, string>,
): Promise<{ app: FastifyInstance; handle: DatabaseHandle }> {
  const config = testConfig(env)
  const handle = await openDatabase(databaseLocation(config))
  const app = await buildApp({ config, database: handle, logger: false })
  await app.ready()
  return { app, handle }
}

async function expectSameShop(env: Record<string, string>) {
  const { app, handle } = await startRestored(env)
  try {
    const found = await app.inject({ method: 'GET', url: `/api/products/${product.id}` })
    expect(found.statusCode).toBe(200)
    expect(found.json()).toMatchObject({ name: product.name, imageUrls: product.imageUrls })
    const image = await app.inject({ method: 'GET', url: product.imageUrls[0]! })
    expect(image.statusCode).toBe(200)
    expect(image.rawPayload.equals(imageBytes)).toBe(true)
    // The owner's account came back too: sign in and find the order.
    const admin = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'owner', password: 'owner-password' },
    })
    expect(admin.statusCode).toBe(200)
    const cookie = admin.cookies.map((c) => `${c.name}=${c.value}`).join('; ')
    const orders = await app.inject({ method: 'GET', url: '/api/admin/orders?tab=all', headers: { cookie } })
    const order = (
      orders.json() as { items: { id: number; customerEmail: string; total: number }[] }
    ).items.find((item) => item.id === orderId)
    expect(order).toMatchObject({ customerEmail: 'backup-buyer@example.com', total: 25_000 })
    // The restored database keeps counting after the restored orders.
    expect(await nextOrderId(handle)).toBeGreaterThan(orderId)
  } finally {
    await app.close()
    await handle.close()
  }
}

async function nextOrderId(handle: DatabaseHandle): Promise<number> {
  const result = (await handle.db.execute(sql`select nextval('orders_id_seq')::int as id`)) as unknown as
    | { rows: { id: number }[] }
    | { id: number }[]
  const rows = Array.isArray(result) ? result : result.rows
  return rows[0]!.id
}

async function downloadBackup(): Promise<string> {
  const response = await shop.app.inject({
    method: 'GET',
    url: '/api/admin/backup',
    headers: { cookie: owner },
  })
  expect(response.statusCode).toBe(200)
  expect(response.headers['content-type']).toBe('application/x-tar')
  expect(response.headers['content-disposition']).toMatch(/^attachment; filename="jade-shop-backup-.*\.tar"$/)
  expect(response.headers['cache-control']).toBe('private, no-store')
  const file = path.join(root, `download-${randomBytes(3).toString('hex')}.tar`)
  writeFileSync(file, response.rawPayload)
  return file
}

async function entryNames(file: string): Promise<string[]> {
  const names: string[] = []
  const extract = tar.extract()
  createReadStream(file).pipe(extract)
  for await (const entry of extract) {
    names.push(entry.header.name)
    entry.resume()
  }
  return names
}

// Each test dumps, restores and starts a shop: minutes on a loaded 2-core machine, not seconds.
describe('a backup downloaded from the dashboard', { timeout: 180_000 }, () => {
  it('holds the manifest, every upload, the database and the closing entry, in that order', async () => {
    const names = await entryNames(await downloadBackup())
    expect(names[0]).toBe('manifest.json')
    expect(names.at(-1)).toBe('complete.json')
    expect(names.at(-2)).toBe(onPostgres ? 'database.pgdump' : 'database.pglite.tar.gz')
    const hash = product.imageUrls[0]!.slice('/uploads/'.length, '/uploads/'.length + 16)
    expect(names.filter((name) => name.startsWith(`uploads/${hash}-`)).sort()).toEqual([
      `uploads/${hash}-320.webp`,
      `uploads/${hash}-640.webp`,
    ])
  })

  it('restores into a fresh shop that shows the same product, picture and order, and only once', async () => {
    const file = await downloadBackup()
    const target = await emptyTarget()
    try {
      expect(await restoreCommand(file, target.env)).toMatch(
        /^Restored the backup of .*: the .* database and 2 files\./,
      )
      // A second restore into the same place is refused before anything is touched.
      await expect(restoreCommand(file, target.env)).rejects.toThrow(
        /^Refusing to restore: .*(is not empty|already has \d+ tables)\. Restore into an empty DATA_DIR or an empty database\.$/,
      )
      await expectSameShop(target.env)
    } finally {
      await target.drop()
    }
  })

  it('restores nothing of the database from an archive cut short', async () => {
    const whole = readFileSync(await downloadBackup())
    const target = await emptyTarget()
    try {
      // Cut inside the files, and inside the database entry.
      for (const share of [0.3, 0.9]) {
        const cut = path.join(root, `cut-${share}.tar`)
        writeFileSync(cut, whole.subarray(0, Math.floor(whole.length * share)))
        await expect(restoreCommand(cut, target.env)).rejects.toThrow(
          /ends early.*the database was not restored/,
        )
        expect(await databaseNotEmpty(restoreTargetOf(target.env))).toBeUndefined()
      }
    } finally {
      await target.drop()
    }
  })

  it('is not a backup the other kind of database can take', async () => {
    const file = await downloadBackup()
    const target = onPostgres
      ? { DATA_DIR: mkdtempSync(path.join(root, 'other-')) }
      : {
          DATA_DIR: mkdtempSync(path.join(root, 'other-')),
          DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
        }
    if (!onPostgres) {
      // The target database is checked before anything else: an unreachable one says so.
      await expect(restoreCommand(file, target)).rejects.toThrow(/DATABASE_URL: cannot connect/)
      return
    }
    await expect(restoreCommand(file, target)).rejects.toThrow(
      'This backup holds a PostgreSQL database: restore it with DATABASE_URL set to an empty database.',
    )
  })
})

describe('the download', { timeout: 120_000 }, () => {
  it('is one at a time, and a download given up lets the next one start', async () => {
    await shop.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = shop.app.server.address() as { port: number }
    const url = `http://127.0.0.1:${port}/api/admin/backup`
    // The owner starts a download and closes the tab once the first bytes have come.
    const firstBytes = await new Promise<number>((resolve, reject) => {
      const request = http.get(url, { headers: { cookie: owner } }, (response) => {
        response.once('data', () => {
          resolve(response.statusCode ?? 0)
          request.destroy()
        })
      })
      request.on('error', (error) => {
        if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error)
      })
    })
    expect(firstBytes).toBe(200)
    let status = 0
    for (let tries = 0; tries < 100 && status !== 200; tries++) {
      const next = await fetch(url, { headers: { cookie: owner, connection: 'close' } })
      status = next.status
      if (status === 409) {
        expect((await next.json()).message).toBe(
          'A backup is already being prepared. Try again once it has downloaded.',
        )
        await new Promise((resolve) => setTimeout(resolve, 100))
      } else {
        await next.arrayBuffer()
      }
    }
    expect(status).toBe(200)
  })

  it('refuses a second download while one is being sent', async () => {
    const { port } = shop.app.server.address() as { port: number }
    const url = `http://127.0.0.1:${port}/api/admin/backup`
    const first = await fetch(url, { headers: { cookie: owner, connection: 'close' } })
    const second = await fetch(url, { headers: { cookie: owner, connection: 'close' } })
    expect(first.status).toBe(200)
    expect(second.status).toBe(409)
    await second.arrayBuffer()
    await first.arrayBuffer()
  })
})

describe.skipIf(!onPostgres)('npm run backup on PostgreSQL', { timeout: 180_000 }, () => {
  it('dumps with pg_dump while the shop runs, and restores into an empty database', async () => {
    const file = path.join(root, 'cli.tar')
    const backingUp = backupCommand(file, {
      DATABASE_URL: (shop.database.location as { url: string }).url,
      ...s3!.env,
    })
    // The shop keeps answering meanwhile.
    expect((await shop.app.inject({ method: 'GET', url: `/api/products/${product.id}` })).statusCode).toBe(
      200,
    )
    expect(await backingUp).toMatch(/^Backup written to .*cli\.tar \(\d+\.\d MB\)\.$/)
    await expect(
      backupCommand(file, { DATABASE_URL: (shop.database.location as { url: string }).url }),
    ).rejects.toThrow(/already exists/)
    const target = await emptyTarget()
    try {
      await restoreCommand(file, target.env)
      await expectSameShop(target.env)
    } finally {
      await target.drop()
    }
  })
})

describe.skipIf(onPostgres)('npm run backup on the embedded database', { timeout: 180_000 }, () => {
  let dataDir: string
  let database: TestDatabase
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(root, 'stopped-shop-'))
    database = await createTestDatabase()
    const handle = await openDatabase({ driver: 'pglite', dataDir: path.join(dataDir, 'db') })
    await handle.db.insert(products).values(productFields({ name: 'Imperial Green Cabochon' }))
    await handle.close()
  })

  it('backs up a stopped shop, and the restored shop shows its product', async () => {
    const file = path.join(root, 'stopped.tar')
    expect(await backupCommand(file, { DATA_DIR: dataDir })).toMatch(/^Backup written to/)
    const restoredDir = mkdtempSync(path.join(root, 'restored-stopped-'))
    await restoreCommand(file, { DATA_DIR: restoredDir })
    const handle = await openDatabase({ driver: 'pglite', dataDir: path.join(restoredDir, 'db') })
    try {
      const rows = await handle.db.select({ name: products.name }).from(products)
      expect(rows).toEqual([{ name: 'Imperial Green Cabochon' }])
    } finally {
      await handle.close()
    }
  })

  it('refuses while the shop has its database open, and points to the dashboard', async () => {
    const running = await openDatabase({ driver: 'pglite', dataDir: path.join(dataDir, 'db') })
    try {
      const file = path.join(root, 'while-running.tar')
      await expect(backupCommand(file, { DATA_DIR: dataDir })).rejects.toThrow(
        /is open: the shop is running.*Download the backup from the back office \(Dashboard, Download backup\)/,
      )
      expect(existsSync(file)).toBe(false)
      expect(existsSync(`${file}.partial`)).toBe(false)
    } finally {
      await running.close()
      await database.drop()
    }
  })
})
