import { existsSync } from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../db/schema'
import { adminCookie, insertProduct, staffCookie } from '../../test/factories'
import { createTestApp, registerCustomer, type TestApp } from '../../test/helpers'
import { multipartBody, pngOf } from '../../test/multipart'

// A buyer's resale or exemption certificate (issue 34): the file the exemption dialog uploads, a
// PDF kept as sent or a scan through the image pipeline, allowed to whoever may set the exemption.

let t: TestApp
let owner: string
beforeAll(async () => {
  t = await createTestApp()
  owner = await adminCookie(t.app, t.handle.db)
})
afterAll(() => t.close())

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
)

async function upload(file: { name: string; data: Buffer; type: string }, cookie?: string) {
  const { payload, headers } = await multipartBody([{ field: 'file', ...file }])
  return t.app.inject({
    method: 'POST',
    url: '/api/upload/tax-certificate',
    payload,
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
  })
}

describe('a tax certificate upload', () => {
  it('keeps a PDF as sent and serves it as a PDF', async () => {
    const response = await upload({ name: 'resale.pdf', data: PDF, type: 'application/pdf' }, owner)
    expect(response.statusCode).toBe(200)
    const { url, kind } = response.json() as { url: string; kind: string }
    expect(kind).toBe('pdf')
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{24}\.pdf$/)
    const served = await t.app.inject({ method: 'GET', url })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toContain('application/pdf')
    expect(served.rawPayload.equals(PDF)).toBe(true)
    // The same file twice is the same stored file.
    const again = await upload({ name: 'copy.pdf', data: PDF, type: 'application/pdf' }, owner)
    expect(again.json().url).toBe(url)
  })

  it('takes a photo or scan through the image pipeline', async () => {
    const response = await upload(
      { name: 'scan.png', data: await pngOf('#445566'), type: 'image/png' },
      owner,
    )
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ kind: 'image', url: expect.stringMatching(/\.webp$/) })
  })

  it('refuses a file that is neither, by its content, whatever its name', async () => {
    const text = await upload(
      { name: 'certificate.pdf', data: Buffer.from('not a pdf at all'), type: 'application/pdf' },
      owner,
    )
    expect(text.statusCode).toBe(415)
    expect(text.json().message).toBe('certificate.pdf is not a PDF or an image file.')
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
    const file = { name: 'resale.pdf', data: PDF, type: 'application/pdf' }
    const manager = await staffCookie(t.app, t.handle.db, 'manager')
    expect((await upload(file, manager.cookie)).statusCode).toBe(200)
    // An Editor uploads product pictures, but keeps no buyer's papers.
    const editor = await staffCookie(t.app, t.handle.db, 'editor')
    expect((await upload(file, editor.cookie)).statusCode).toBe(403)
    const bookkeeper = await staffCookie(t.app, t.handle.db, 'bookkeeper')
    expect((await upload(file, bookkeeper.cookie)).statusCode).toBe(403)
    const shopper = await registerCustomer(t.app)
    expect((await upload(file, shopper.cookie)).statusCode).toBe(403)
    expect((await upload(file)).statusCode).toBe(401)
  })

  it('is kept on the exemption, and outlives a product that showed the same picture', async () => {
    const scan = await pngOf('#7a4c2b')
    const uploaded = await upload({ name: 'scan.png', data: scan, type: 'image/png' }, owner)
    const { url } = uploaded.json() as { url: string }
    const { username } = await registerCustomer(t.app)
    const [buyer] = await t.handle.db.select({ id: users.id }).from(users).where(eq(users.username, username))
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${buyer!.id}/tax-exemption`,
      payload: { certificateNumber: '01-2345678', state: 'TX', expiresOn: '2099-12-31', fileUrl: url },
      headers: { cookie: owner },
    })
    expect(saved.statusCode).toBe(200)
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users/${buyer!.id}/tax-exemption`,
      headers: { cookie: owner },
    })
    expect(read.json().exemption).toMatchObject({ certificateNumber: '01-2345678', fileUrl: url })

    // The same picture on a product, which is then deleted: the certificate's file stays.
    const piece = await insertProduct(t.handle.db, { imageUrls: [url] })
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${piece.id}`,
      headers: { cookie: owner },
    })
    expect(removed.statusCode).toBe(200)
    expect(existsSync(path.join(t.config.dataDir, url))).toBe(true)

    // Saved again without its file (the owner removed it): the exemption keeps none.
    const without = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${buyer!.id}/tax-exemption`,
      payload: { certificateNumber: '01-2345678', state: 'TX', expiresOn: '2099-12-31' },
      headers: { cookie: owner },
    })
    expect(without.json()).toMatchObject({ fileUrl: null })
  })
})
