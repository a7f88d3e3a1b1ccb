import { once } from 'node:events'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminCookie } from '../../test/factories'
import { createTestApp, type TestApp } from '../../test/helpers'
import { products } from '../catalog/schema'
import { fetchPicture } from './fetch-picture'
import { confirmAndWait, preview, progress } from './import-test-kit'
import { productImports } from './schema'
import { IMPORT_SWEEPS, UNCONFIRMED_IMPORT_AGE_MS } from './sweeps'

// The import as a job: one catalogue change for the whole file, taken over after a stopped
// instance, and its leftovers swept.

let t: TestApp
let admin: string

beforeAll(async () => {
  t = await createTestApp({ env: { PAYMENT_PROVIDER: 'test' } })
  admin = await adminCookie(t.app, t.handle.db)
})
afterAll(() => t?.close())

const HEADER = 'SKU,Name,Short Description,Description,Price,Category,Type,Images'
const rows = (prefix: string, count: number) =>
  Array.from(
    { length: count },
    (_, i) =>
      `${prefix}-${i},Piece ${prefix} ${i},A fine ring,A fine ring of natural jadeite.,120.00,rings,ring,/uploads/x-1280.webp`,
  )

describe('the import job', () => {
  it('announces the catalogue once for the whole file, not per row nor for its dry run', async () => {
    const catalog = t.app.catalogChanges
    let announced = 0
    const { changed, changedNow } = catalog
    catalog.changed = () => {
      announced++
      changed.call(catalog)
    }
    catalog.changedNow = async () => {
      announced++
      await changedNow.call(catalog)
    }
    try {
      const dryRun = await preview(t, admin, [HEADER, ...rows('ONE', 30)].join('\n'))
      expect(announced).toBe(0)
      expect(await confirmAndWait(t, admin, dryRun.id)).toMatchObject({ status: 'done', created: 30 })
      expect(announced).toBe(1)
    } finally {
      catalog.changed = changed
      catalog.changedNow = changedNow
    }
  })

  it('is taken over where it stopped when its instance went away', async () => {
    const dryRun = await preview(t, admin, [HEADER, ...rows('TAKE', 4)].join('\n'))
    // As a killed instance leaves it: confirmed, running, two rows done, no heartbeat for minutes.
    await t.handle.db
      .update(productImports)
      .set({
        confirmedAt: new Date(),
        status: 'running',
        rowsDone: 2,
        heartbeatAt: new Date(Date.now() - 5 * 60_000),
      })
      .where(eq(productImports.id, dryRun.id))
    await t.app.catalogImports.resumeStale()
    await t.app.catalogImports.settled(dryRun.id)
    expect(await progress(t, admin, dryRun.id)).toMatchObject({ status: 'done', rowsDone: 4, created: 2 })
    const made = await t.handle.db.select({ sku: products.sku }).from(products)
    expect(made.map((row) => row.sku).filter((sku) => sku?.startsWith('TAKE'))).toEqual(['TAKE-2', 'TAKE-3'])
  })

  it('is not taken over while its instance is still at it', async () => {
    const dryRun = await preview(t, admin, [HEADER, ...rows('BUSY', 1)].join('\n'))
    await t.handle.db
      .update(productImports)
      .set({ confirmedAt: new Date(), status: 'running', heartbeatAt: new Date() })
      .where(eq(productImports.id, dryRun.id))
    await t.app.catalogImports.resumeStale()
    await t.app.catalogImports.settled(dryRun.id)
    expect(await progress(t, admin, dryRun.id)).toMatchObject({ status: 'running', rowsDone: 0 })
  })

  it('sweeps a dry run never confirmed after a day, and keeps a recent one', async () => {
    const old = await preview(t, admin, [HEADER, ...rows('OLD', 1)].join('\n'))
    const fresh = await preview(t, admin, [HEADER, ...rows('NEW', 1)].join('\n'))
    await t.handle.db
      .update(productImports)
      .set({ createdAt: new Date(Date.now() - UNCONFIRMED_IMPORT_AGE_MS - 60_000) })
      .where(eq(productImports.id, old.id))
    await IMPORT_SWEEPS[0]!.run(t.handle.db, new Date(), 100)
    const left = await t.handle.db.select({ id: productImports.id }).from(productImports)
    expect(left.map((row) => row.id)).toContain(fresh.id)
    expect(left.map((row) => row.id)).not.toContain(old.id)
  })
})

describe('a picture that never comes', () => {
  let server: http.Server
  beforeAll(async () => {
    server = http.createServer(() => {})
    server.listen(0, '127.0.0.1')
    await once(server, 'listening')
  })
  afterAll(() => {
    server.closeAllConnections()
    return new Promise((resolve) => server.close(resolve))
  })

  it('is given up at the time limit', async () => {
    const { port } = server.address() as AddressInfo
    await expect(
      fetchPicture(`http://127.0.0.1:${port}/slow.png`, { allowHosts: ['127.0.0.1'], timeoutMs: 300 }),
    ).rejects.toThrow(/took longer than/)
  })

  it('is given up by the import at IMPORT_FETCH_TIMEOUT_MS, and its row says so', async () => {
    const { port } = server.address() as AddressInfo
    const shop = await createTestApp({
      env: { IMPORT_FETCH_ALLOW_HOSTS: '127.0.0.1', IMPORT_FETCH_TIMEOUT_MS: '1000' },
    })
    try {
      const owner = await adminCookie(shop.app, shop.handle.db)
      const row = `SLOW-1,Slow Ring,A fine ring,A fine ring of natural jadeite.,120.00,rings,ring,http://127.0.0.1:${port}/slow.png`
      const dryRun = await preview(shop, owner, [HEADER, row].join('\n'))
      const started = Date.now()
      const report = await confirmAndWait(shop, owner, dryRun.id)
      expect(Date.now() - started).toBeLessThan(9_000)
      expect(report).toMatchObject({ status: 'done', created: 0 })
      expect(report.errors.map((error) => error.message)).toEqual([
        expect.stringContaining('took longer than 1 s'),
      ])
    } finally {
      await shop.close()
    }
  })
})
