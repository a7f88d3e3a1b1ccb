import { once } from 'node:events'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminCookie } from '../../test/factories'
import { createTestApp, type TestApp } from '../../test/helpers'
import { pngOf } from '../../test/multipart'
import { zipOf } from '../../test/zip'
import { products } from '../catalog/schema'
import { fetchPicture, isPublicAddress } from './fetch-picture'
import { confirmAndWait, preview, sendImport } from './import-test-kit'

// Pictures by URL (with the guard that keeps the server's requests off private networks) and from
// a ZIP beside the CSV.

let server: http.Server
let port: number
let picture: Buffer
const served: string[] = []

beforeAll(async () => {
  picture = await pngOf('#0f6b4b', 300)
  server = http.createServer((request, response) => {
    served.push(request.url!)
    if (request.url?.startsWith('/jade.png'))
      return response.writeHead(200, { 'content-type': 'image/png' }).end(picture)
    if (request.url === '/huge.png') return response.writeHead(200).end(Buffer.alloc(6 * 1024 * 1024))
    if (request.url === '/elsewhere')
      return response.writeHead(302, { location: `http://127.0.0.1:${port}/jade.png` }).end()
    response.writeHead(404).end()
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  port = (server.address() as AddressInfo).port
})
afterAll(() => new Promise((resolve) => server.close(resolve)))

const HEADER = 'SKU,Name,Short Description,Description,Price,Category,Type,Images,Image Alt Texts'
const row = (sku: string, images: string) =>
  `${sku},Piece ${sku},A fine ring,A fine ring of natural jadeite.,120.00,rings,ring,"${images}",`

describe('the private-address guard', () => {
  it('knows which addresses are the public internet', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fc00::1',
      '::ffff:127.0.0.1',
      '100.64.0.1',
    ])
      expect(isPublicAddress(address), address).toBe(false)
    for (const address of ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'])
      expect(isPublicAddress(address), address).toBe(true)
  })

  it('refuses loopback by address and by name, other schemes, and a redirect into the private network', async () => {
    const allowHosts: string[] = []
    await expect(fetchPicture(`http://127.0.0.1:${port}/jade.png`, { allowHosts })).rejects.toThrow(
      '127.0.0.1 is a private or local address; the import fetches pictures only from the internet',
    )
    await expect(fetchPicture(`http://localhost:${port}/jade.png`, { allowHosts })).rejects.toThrow(
      'localhost is a private or local address',
    )
    await expect(fetchPicture('file:///etc/passwd', { allowHosts })).rejects.toThrow('only http and https')
    await expect(fetchPicture(`http://[::1]:${port}/jade.png`, { allowHosts })).rejects.toThrow(
      '::1 is a private',
    )
    // Allowed to ask localhost, the redirect to 127.0.0.1 is checked again on its own.
    await expect(
      fetchPicture(`http://localhost:${port}/elsewhere`, { allowHosts: ['localhost'] }),
    ).rejects.toThrow('127.0.0.1 is a private or local address')
  })

  it('stops a picture past the size limit', async () => {
    await expect(
      fetchPicture(`http://127.0.0.1:${port}/huge.png`, { allowHosts: ['127.0.0.1'] }),
    ).rejects.toThrow('exceeds the 5MB size limit')
  })
})

describe('pictures by URL in a shop without an allow-list', () => {
  let t: TestApp
  let admin: string
  beforeAll(async () => {
    t = await createTestApp({ env: { PAYMENT_PROVIDER: 'test' } })
    admin = await adminCookie(t.app, t.handle.db)
  })
  afterAll(() => t?.close())

  it('are not fetched from a private address: the row is reported, the others imported', async () => {
    served.length = 0
    const csv = [
      HEADER,
      row('PV-1', `http://127.0.0.1:${port}/jade.png`),
      row('PV-2', '/uploads/x-1280.webp'),
    ].join('\n')
    const dryRun = await preview(t, admin, csv)
    expect(dryRun).toMatchObject({ create: 2, errors: [] })
    const report = await confirmAndWait(t, admin, dryRun.id)
    expect(report).toMatchObject({ status: 'done', created: 1, imagesFetched: 0 })
    expect(report.errors).toEqual([
      {
        line: 2,
        column: 'Images',
        message:
          '127.0.0.1 is a private or local address; the import fetches pictures only from the internet',
      },
    ])
    expect(served).toEqual([])
  })
})

describe('pictures in an import', () => {
  let t: TestApp
  let admin: string
  beforeAll(async () => {
    t = await createTestApp({
      env: { PAYMENT_PROVIDER: 'test', IMPORT_FETCH_ALLOW_HOSTS: 'cdn.invalid, 127.0.0.1' },
    })
    admin = await adminCookie(t.app, t.handle.db)
  })
  afterAll(() => t?.close())

  it('are fetched from a host IMPORT_FETCH_ALLOW_HOSTS names, through the image pipeline', async () => {
    const csv = [
      HEADER,
      row('PV-3', `http://127.0.0.1:${port}/jade.png`),
      row('PV-4', `http://127.0.0.1:${port}/missing.png`),
    ].join('\n')
    const report = await confirmAndWait(t, admin, (await preview(t, admin, csv)).id)
    expect(report).toMatchObject({ status: 'done', created: 1, imagesFetched: 1 })
    expect(report.errors).toEqual([
      { line: 3, column: 'Images', message: `http://127.0.0.1:${port}/missing.png answered 404` },
    ])
    const [piece] = await t.handle.db.select().from(products).where(eq(products.sku, 'PV-3'))
    expect(piece!.imageUrls).toEqual([expect.stringMatching(/^\/uploads\/[0-9a-f]{16}-300\.webp$/)])
    const stored = await t.app.inject({ method: 'GET', url: piece!.imageUrls[0]! })
    expect(stored.statusCode).toBe(200)
    expect(stored.headers['content-type']).toBe('image/webp')
  })

  it('are not fetched again when the same file comes again, and the preview says nothing changes', async () => {
    const csv = [HEADER, row('PV-5', `http://127.0.0.1:${port}/jade.png`)].join('\n')
    expect(await confirmAndWait(t, admin, (await preview(t, admin, csv)).id)).toMatchObject({
      created: 1,
      imagesFetched: 1,
    })
    const [first] = await t.handle.db.select().from(products).where(eq(products.sku, 'PV-5'))
    served.length = 0
    const again = await preview(t, admin, csv)
    expect(again).toMatchObject({ create: 0, update: 0, unchanged: 1 })
    expect(await confirmAndWait(t, admin, again.id)).toMatchObject({ unchanged: 1, imagesFetched: 0 })
    expect(served).toEqual([])

    // A piece that no longer shows the picture (the owner replaced it) has it fetched again.
    await t.handle.db
      .update(products)
      .set({ imageUrls: ['/uploads/other-1280.webp'] })
      .where(eq(products.sku, 'PV-5'))
    const replaced = await preview(t, admin, csv)
    expect(replaced).toMatchObject({ update: 1, unchanged: 0 })
    expect(await confirmAndWait(t, admin, replaced.id)).toMatchObject({ updated: 1, imagesFetched: 1 })
    expect(served).toEqual(['/jade.png'])
    const [restored] = await t.handle.db.select().from(products).where(eq(products.sku, 'PV-5'))
    expect(restored!.imageUrls).toEqual(first!.imageUrls)
  })

  it('shared by two pieces, are known for both when the file comes again', async () => {
    const shared = `http://127.0.0.1:${port}/jade.png?shared`
    const csv = [HEADER, row('SH-1', shared), row('SH-2', shared)].join('\n')
    expect(await confirmAndWait(t, admin, (await preview(t, admin, csv)).id)).toMatchObject({ created: 2 })
    served.length = 0
    const again = await preview(t, admin, csv)
    expect(again).toMatchObject({ update: 0, unchanged: 2 })
    expect(await confirmAndWait(t, admin, again.id)).toMatchObject({ unchanged: 2, imagesFetched: 0 })
    expect(served).toEqual([])
  })

  it('come from the ZIP by file name, and a name the ZIP lacks is a problem of the preview', async () => {
    const zip = zipOf([
      { name: 'Photos/ring-front.png', data: await pngOf('#b39ddb', 320) },
      { name: 'ring-side.PNG', data: await pngOf('#7e57c2', 320) },
      { name: 'notes.txt', data: Buffer.from('not a picture') },
    ])
    const csv = [
      HEADER,
      row('ZP-1', 'ring-front.png\nRING-SIDE.png'),
      row('ZP-2', 'ring-back.png'),
      row('ZP-3', 'notes.txt'),
    ].join('\n')
    const dryRun = await preview(t, admin, csv, zip)
    expect(dryRun.create).toBe(2)
    expect(dryRun.errors).toEqual([
      { line: 3, column: 'Images', message: 'ring-back.png is not in the ZIP of pictures' },
    ])
    const report = await confirmAndWait(t, admin, dryRun.id)
    expect(report).toMatchObject({ status: 'done', created: 1, imagesFetched: 2 })
    expect(report.errors).toEqual([
      { line: 3, column: 'Images', message: 'ring-back.png is not in the ZIP of pictures' },
      { line: 4, column: 'Images', message: 'notes.txt is not an image file.' },
    ])
    const [piece] = await t.handle.db.select().from(products).where(eq(products.sku, 'ZP-1'))
    expect(piece!.imageUrls).toHaveLength(2)
    expect(new Set(piece!.imageUrls).size).toBe(2)
  })

  it('refuses a pictures file that is not a ZIP', async () => {
    const response = await sendImport(
      t,
      admin,
      [HEADER, row('ZP-9', 'a.png')].join('\n'),
      Buffer.from('plain text'),
    )
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      message: 'The pictures file is not a ZIP archive',
      errors: [{ field: 'images', message: 'The pictures file is not a ZIP archive' }],
    })
  })
})
