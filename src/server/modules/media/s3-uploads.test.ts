import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app'
import { adminCookie, productFields } from '../../test/factories'
import { createTestApp, type TestApp, testConfig } from '../../test/helpers'
import { multipartBody, pngOf } from '../../test/multipart'
import { type S3StandIn, startS3StandIn } from '../../test/s3-stand-in'
import { migrateFilesCommand } from '../backup/commands'
import { createFileStore } from './create-file-store'
import type { FileStore } from './file-store'

// With S3_BUCKET set, every upload goes into the bucket (nothing under DATA_DIR/uploads), is served
// from it at the same /uploads/ address, and leaves it when nothing shows it any more.

let s3: S3StandIn
let t: TestApp
let admin: string
let bucket: FileStore

beforeAll(async () => {
  s3 = await startS3StandIn()
  t = await createTestApp({ env: s3.env })
  admin = await adminCookie(t.app, t.handle.db)
  bucket = await createFileStore(t.config)
})
afterAll(async () => {
  bucket.close?.()
  await t.close()
  await s3.close()
})

async function bucketKeys(store: FileStore = bucket) {
  const keys: string[] = []
  for await (const { key } of store.list()) keys.push(key)
  return keys.sort()
}

async function uploadProductImage(color: string) {
  const { payload, headers } = await multipartBody([
    { field: 'images', name: 'piece.png', data: await pngOf(color, 700), type: 'image/png' },
  ])
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/upload/product-image',
    payload,
    headers: { ...headers, cookie: admin },
  })
  expect(response.statusCode).toBe(200)
  return (response.json() as { files: string[] }).files[0]!
}

describe('uploads in an S3 bucket', () => {
  it('stores a product image in the bucket and serves it from there at /uploads/', async () => {
    const url = await uploadProductImage('#0f6b4b')
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{16}-640\.webp$/)
    const hash = url.slice('/uploads/'.length, '/uploads/'.length + 16)
    expect(await bucketKeys()).toEqual([`${hash}-320.webp`, `${hash}-640.webp`])
    const localUploads = path.join(t.config.dataDir, 'uploads')
    expect(existsSync(localUploads) ? readdirSync(localUploads) : []).toEqual([])

    const served = await t.app.inject({ method: 'GET', url })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/webp')
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(Number(served.headers['content-length'])).toBe(served.rawPayload.length)
    expect((await sharp(served.rawPayload).metadata()).width).toBe(640)
    const etag = served.headers.etag as string
    expect(etag).toBeTruthy()
    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } })
    expect(again.statusCode).toBe(304)
    expect(again.rawPayload.length).toBe(0)

    expect(
      (await t.app.inject({ method: 'GET', url: '/uploads/0000000000000000-640.webp' })).statusCode,
    ).toBe(404)
    expect((await t.app.inject({ method: 'GET', url: '/uploads/..%2Fsecret' })).statusCode).toBe(404)
  })

  it('deletes the objects of a product image once nothing shows it', async () => {
    const url = await uploadProductImage('#b08d57')
    const hash = url.slice('/uploads/'.length, '/uploads/'.length + 16)
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { cookie: admin },
      payload: (({ name, description, shortDescription, price, category, type, color }) => ({
        name,
        description,
        shortDescription,
        price,
        category,
        type,
        color,
        imageUrls: [url],
      }))(productFields()),
    })
    expect(created.statusCode).toBe(201)
    expect((await bucketKeys()).filter((key) => key.startsWith(hash))).toHaveLength(2)

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${created.json().id}`,
      headers: { cookie: admin },
    })
    expect(deleted.statusCode).toBe(200)
    expect((await bucketKeys()).filter((key) => key.startsWith(hash))).toEqual([])
  })

  it('stores a shopper’s testimonial photo in the bucket too', async () => {
    const { payload, headers } = await multipartBody([
      { field: 'image', name: 'me.png', data: await pngOf('#9d7cbf', 500), type: 'image/png' },
    ])
    const response = await t.app.inject({ method: 'POST', url: '/api/testimonials/upload', payload, headers })
    expect(response.statusCode).toBe(200)
    const [url] = (response.json() as { files: string[] }).files
    expect(await bucketKeys()).toContain(url!.slice('/uploads/'.length))
  })

  it("keeps a buyer's tax certificate private in the bucket, served only through the back office", async () => {
    const scan = await pngOf('#2b4c7a', 300)
    const upload = async () => {
      const { payload, headers } = await multipartBody([
        { field: 'file', name: 'scan.png', data: scan, type: 'image/png' },
      ])
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/upload/tax-certificate',
        payload,
        headers: { ...headers, cookie: admin },
      })
      expect(response.statusCode).toBe(200)
      return (response.json() as { url: string }).url
    }
    const url = await upload()
    const name = url.split('/').pop()!
    const key = `private/tax-certificates/${name}`
    expect(await bucketKeys()).toContain(key)
    const stored = await bucket.read(key)
    stored?.body.destroy()
    expect(stored?.contentType).toBe('image/png')

    expect((await t.app.inject({ method: 'GET', url: `/uploads/${key}` })).statusCode).toBe(404)
    const served = await t.app.inject({ method: 'GET', url, headers: { cookie: admin } })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/png')
    expect(served.headers['cache-control']).toBe('private, no-store')
    expect(served.rawPayload.equals(scan)).toBe(true)
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401)

    // On an exemption, then replaced: the first object leaves the bucket.
    const buyer = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: 's3_buyer', email: 's3-buyer@example.com', password: 'secret-pass-1' },
    })
    const exemption = `/api/admin/users/${buyer.json().id}/tax-exemption`
    const certificate = { certificateNumber: '01-2345678', state: 'TX', expiresOn: '2099-12-31' }
    const save = (fileUrl: string) =>
      t.app.inject({
        method: 'PUT',
        url: exemption,
        payload: { ...certificate, fileUrl },
        headers: { cookie: admin },
      })
    expect((await save(url)).statusCode).toBe(200)
    const next = await upload()
    expect((await save(next)).statusCode).toBe(200)
    expect(await bucketKeys()).not.toContain(key)
    expect(await bucketKeys()).toContain(`private/tax-certificates/${next.split('/').pop()}`)
  })
})

describe('S3_PUBLIC_URL', () => {
  it('sends browsers to the CDN for good', async () => {
    // A second app on the same database, behind a CDN.
    const config = testConfig({ ...s3.env, S3_PUBLIC_URL: 'https://cdn.example.com/shop/' })
    const cdn = await buildApp({ config, database: t.handle, logger: false })
    try {
      const response = await cdn.inject({ method: 'GET', url: '/uploads/abc123-640.webp' })
      expect(response.statusCode).toBe(301)
      expect(response.headers.location).toBe('https://cdn.example.com/shop/abc123-640.webp')
      expect(response.headers['cache-control']).toContain('immutable')
      // A buyer's certificate is never sent to the public CDN: no redirect, however spelt.
      for (const url of [
        `/uploads/private/tax-certificates/${'0'.repeat(32)}.pdf`,
        `/uploads/%70rivate/tax-certificates/${'0'.repeat(32)}.pdf`,
        '/uploads/PRIVATE/tax-certificates/x.pdf',
      ]) {
        const refused = await cdn.inject({ method: 'GET', url })
        expect({ url, status: refused.statusCode, location: refused.headers.location }).toEqual({
          url,
          status: 404,
          location: undefined,
        })
      }
    } finally {
      await cdn.close()
    }
  })
})

describe('npm run files:migrate', () => {
  it('copies DATA_DIR/uploads into the bucket, and copies nothing twice', async () => {
    const env = await s3.newBucket()
    const dataDir = path.join(t.config.dataDir, 'moving-shop')
    mkdirSync(path.join(dataDir, 'uploads'), { recursive: true })
    const webp = await sharp(await pngOf('#123456', 320))
      .webp()
      .toBuffer()
    writeFileSync(path.join(dataDir, 'uploads', 'aaaa-320.webp'), webp)
    writeFileSync(path.join(dataDir, 'uploads', 'bbbb-320.webp'), webp)

    expect(await migrateFilesCommand({ DATA_DIR: dataDir, ...env })).toBe(
      `Copied 2 files into the bucket ${env.S3_BUCKET} (0 were already there).`,
    )
    expect(await migrateFilesCommand({ DATA_DIR: dataDir, ...env })).toBe(
      `Copied 0 files into the bucket ${env.S3_BUCKET} (2 were already there).`,
    )
    const moved = await createFileStore({ dataDir, s3: { ...t.config.s3!, bucket: env.S3_BUCKET! } })
    try {
      expect(await bucketKeys(moved)).toEqual(['aaaa-320.webp', 'bbbb-320.webp'])
      const file = await moved.read('aaaa-320.webp')
      expect(file?.contentType).toBe('image/webp')
      expect(file?.size).toBe(webp.length)
      file?.body.destroy()
    } finally {
      moved.close?.()
    }
    await expect(migrateFilesCommand({ DATA_DIR: dataDir })).rejects.toThrow(/S3_BUCKET is not set/)
  })
})
