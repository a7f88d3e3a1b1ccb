import { existsSync } from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { adminCookie, insertProduct, staffCookie } from '../../test/factories'
import { registerCustomer, shopForFile } from '../../test/helpers'
import { multipartBody, pngOf } from '../../test/multipart'
import { users } from '../accounts/schema'

// A buyer's resale or exemption certificate (issue 34): the file the exemption dialog uploads, kept
// as sent once its content proves it a PDF or a picture, and private: never under /uploads/, only
// opened through the back office by a member who may see customers, and deleted with its exemption.

const t = shopForFile()
let owner: string
beforeAll(async () => {
  owner = await adminCookie(t.app, t.handle.db)
})

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
)
const pdf = { name: 'resale.pdf', data: PDF, type: 'application/pdf' }
const CERTIFICATE_URL = /^\/api\/admin\/tax-certificates\/([0-9a-f]{32})\.(pdf|jpg|png|webp|heic)$/

async function upload(file: { name: string; data: Buffer; type: string }, cookie?: string) {
  const { payload, headers } = await multipartBody([{ field: 'file', ...file }])
  return t.app.inject({
    method: 'POST',
    url: '/api/upload/tax-certificate',
    payload,
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
  })
}

async function uploaded(file: { name: string; data: Buffer; type: string }) {
  const response = await upload(file, owner)
  expect(response.statusCode).toBe(200)
  return response.json() as { url: string; kind: string }
}

const open = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })

/** Where the file behind a certificate URL sits on disk (the test app's local store). */
const onDisk = (url: string) =>
  path.join(t.config.dataDir, 'uploads', 'private', 'tax-certificates', url.split('/').pop()!)

async function newBuyer() {
  const { username } = await registerCustomer(t.app)
  const [buyer] = await t.handle.db.select({ id: users.id }).from(users).where(eq(users.username, username))
  return buyer!.id
}

const saveExemption = (buyer: number, fileUrl?: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/users/${buyer}/tax-exemption`,
    payload: { certificateNumber: '01-2345678', state: 'TX', expiresOn: '2099-12-31', fileUrl },
    headers: { cookie: owner },
  })

describe('a tax certificate upload', () => {
  it('keeps a PDF as sent, private, and opens it only through the back office', async () => {
    const { url, kind } = await uploaded(pdf)
    expect(kind).toBe('pdf')
    expect(url).toMatch(CERTIFICATE_URL)
    expect(existsSync(onDisk(url))).toBe(true)

    const served = await open(url, owner)
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toContain('application/pdf')
    expect(served.headers['cache-control']).toBe('private, no-store')
    expect(served.headers['x-content-type-options']).toBe('nosniff')
    expect(served.headers['content-security-policy']).toBe('sandbox')
    expect(served.headers['content-disposition']).toMatch(/^attachment/)
    expect(served.rawPayload.equals(PDF)).toBe(true)

    // Never under /uploads/, however the path is spelt, and nobody is told where else to look.
    const name = url.split('/').pop()!
    for (const spelling of [
      `/uploads/private/tax-certificates/${name}`,
      `/uploads/%70rivate/tax-certificates/${name}`,
      `/uploads/Private/tax-certificates/${name}`,
      `/uploads/x/../private/tax-certificates/${name}`,
      `/uploads/private%2Ftax-certificates%2F${name}`,
      `/uploads/${name}`,
    ]) {
      const response = await open(spelling, owner)
      expect({ spelling, status: response.statusCode }).toEqual({ spelling, status: 404 })
      expect(response.rawPayload.includes(PDF)).toBe(false)
    }
    // The same file twice is two files: each goes with its own exemption.
    const again = await uploaded({ ...pdf, name: 'copy.pdf' })
    expect(again.url).not.toBe(url)
  })

  it('keeps a photo or scan as sent, byte for byte, not re-encoded', async () => {
    const scan = await pngOf('#445566', 2000)
    const { url, kind } = await uploaded({ name: 'scan.png', data: scan, type: 'image/png' })
    expect(kind).toBe('image')
    expect(url).toMatch(/\.png$/)
    const served = await open(url, owner)
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/png')
    expect(served.headers['content-security-policy']).toBe('sandbox')
    expect(served.headers['content-disposition']).toBeUndefined()
    expect(served.rawPayload.equals(scan)).toBe(true)

    // A HEIC photo (an iPhone's) is taken by its content, as sent.
    const heic = Buffer.concat([
      Buffer.from([0, 0, 0, 24]),
      Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'),
      Buffer.alloc(64, 1),
    ])
    const photo = await uploaded({ name: 'IMG_0001.HEIC', data: heic, type: '' })
    expect(photo).toMatchObject({ kind: 'image', url: expect.stringMatching(/\.heic$/) })
    const heicServed = await open(photo.url, owner)
    expect(heicServed.headers['content-type']).toBe('image/heic')
    expect(heicServed.rawPayload.equals(heic)).toBe(true)
  })

  it('refuses a file that is neither, by its content, whatever its name', async () => {
    const text = await upload(
      { name: 'certificate.pdf', data: Buffer.from('not a pdf at all'), type: 'application/pdf' },
      owner,
    )
    expect(text.statusCode).toBe(415)
    expect(text.json().message).toBe('certificate.pdf is not a PDF or an image file.')
    const gif = await upload(
      { name: 'scan.gif', data: Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), type: 'image/gif' },
      owner,
    )
    expect(gif.statusCode).toBe(415)
    const big = await upload(
      {
        name: 'huge.pdf',
        data: Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]),
        type: 'application/pdf',
      },
      owner,
    )
    expect(big.statusCode).toBe(413)
    expect(big.json().message).toBe('huge.pdf exceeds the 5MB size limit.')
    const empty = await multipartBody([], { note: 'no file' })
    const nothing = await t.app.inject({
      method: 'POST',
      url: '/api/upload/tax-certificate',
      payload: empty.payload,
      headers: { ...empty.headers, cookie: owner },
    })
    expect(nothing.statusCode).toBe(400)
  })

  it('is allowed to whoever may set an exemption, and to no one else', async () => {
    const manager = await staffCookie(t.app, t.handle.db, 'manager')
    expect((await upload(pdf, manager.cookie)).statusCode).toBe(200)
    // An Editor uploads product pictures, but keeps no buyer's papers.
    const editor = await staffCookie(t.app, t.handle.db, 'editor')
    expect((await upload(pdf, editor.cookie)).statusCode).toBe(403)
    const bookkeeper = await staffCookie(t.app, t.handle.db, 'bookkeeper')
    expect((await upload(pdf, bookkeeper.cookie)).statusCode).toBe(403)
    const shopper = await registerCustomer(t.app)
    expect((await upload(pdf, shopper.cookie)).statusCode).toBe(403)
    expect((await upload(pdf)).statusCode).toBe(401)
  })

  it('is opened by a member who may see customers, and by no one else', async () => {
    const { url } = await uploaded(pdf)
    const buyer = await newBuyer()
    expect((await saveExemption(buyer, url)).statusCode).toBe(200)

    const manager = await staffCookie(t.app, t.handle.db, 'manager')
    const seen = await open(url, manager.cookie)
    expect(seen.statusCode).toBe(200)
    expect(seen.rawPayload.equals(PDF)).toBe(true)

    const editor = await staffCookie(t.app, t.handle.db, 'editor')
    const bookkeeper = await staffCookie(t.app, t.handle.db, 'bookkeeper')
    const shopper = await registerCustomer(t.app)
    for (const [who, cookie, status] of [
      ['editor', editor.cookie, 403],
      ['bookkeeper', bookkeeper.cookie, 403],
      ['shopper', shopper.cookie, 403],
      ['anonymous', undefined, 401],
    ] as const) {
      const refused = await open(url, cookie)
      expect({ who, status: refused.statusCode }).toEqual({ who, status })
      expect(refused.rawPayload.includes(PDF)).toBe(false)
    }
    // A name no upload gave is no file, and never a way out of the folder.
    expect((await open('/api/admin/tax-certificates/..%2F..%2Fsecret.pdf', owner)).statusCode).toBe(400)
    expect((await open(`/api/admin/tax-certificates/${'0'.repeat(32)}.pdf`, owner)).statusCode).toBe(404)
  })

  it('is kept on the exemption, and deleted when replaced, removed, or the exemption goes', async () => {
    const scan = await pngOf('#7a4c2b')
    const first = await uploaded({ name: 'scan.png', data: scan, type: 'image/png' })
    const buyer = await newBuyer()
    const saved = await saveExemption(buyer, first.url)
    expect(saved.statusCode).toBe(200)
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users/${buyer}/tax-exemption`,
      headers: { cookie: owner },
    })
    expect(read.json().exemption).toEqual({
      certificateNumber: '01-2345678',
      state: 'TX',
      expiresOn: '2099-12-31',
      fileUrl: first.url,
    })
    // Saved again with the same file, it is kept.
    expect((await saveExemption(buyer, first.url)).statusCode).toBe(200)
    expect(existsSync(onDisk(first.url))).toBe(true)

    // A product picture deleted meanwhile, even of the same colours, never sweeps a certificate.
    const piece = await insertProduct(t.handle.db, { imageUrls: ['/uploads/0123456789abcdef-640.webp'] })
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${piece.id}`,
      headers: { cookie: owner },
    })
    expect(gone.statusCode).toBe(200)
    expect(existsSync(onDisk(first.url))).toBe(true)

    // Replaced: the first file goes.
    const second = await uploaded(pdf)
    expect((await saveExemption(buyer, second.url)).json()).toMatchObject({ fileUrl: second.url })
    expect(existsSync(onDisk(first.url))).toBe(false)
    expect((await open(first.url, owner)).statusCode).toBe(404)

    // Another buyer cannot be given this one's file, nor a file that was never uploaded.
    const other = await newBuyer()
    expect((await saveExemption(other, second.url)).statusCode).toBe(400)
    expect((await saveExemption(other, `/api/admin/tax-certificates/${'a'.repeat(32)}.pdf`)).statusCode).toBe(
      400,
    )
    // A public upload is no certificate file.
    expect((await saveExemption(other, '/uploads/0123456789abcdef-640.webp')).statusCode).toBe(400)

    // Saved without its file (the owner removed it): the exemption keeps none, and the file goes.
    const without = await saveExemption(buyer)
    expect(without.json()).toMatchObject({ fileUrl: null })
    expect(existsSync(onDisk(second.url))).toBe(false)

    // The exemption removed: its file goes with it.
    const third = await uploaded(pdf)
    expect((await saveExemption(buyer, third.url)).statusCode).toBe(200)
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${buyer}/tax-exemption`,
      headers: { cookie: owner },
    })
    expect(removed.statusCode).toBe(204)
    expect(existsSync(onDisk(third.url))).toBe(false)

    // The buyer's account deleted: the certificate's file goes with its exemption.
    const fourth = await uploaded(pdf)
    expect((await saveExemption(buyer, fourth.url)).statusCode).toBe(200)
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${buyer}`,
      headers: { cookie: owner },
    })
    expect(deleted.statusCode).toBe(200)
    expect(existsSync(onDisk(fourth.url))).toBe(false)
  })
})
