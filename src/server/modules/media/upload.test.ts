import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { adminCookie } from '../../test/factories'
import { registerCustomer, shopForFile } from '../../test/helpers'

const t = shopForFile()
let admin: string

beforeAll(async () => {
  admin = await adminCookie(t.app, t.handle.db)
})

const png = (color: string) =>
  sharp({ create: { width: 800, height: 800, channels: 3, background: color } })
    .png()
    .toBuffer()

/** A multipart body built by the platform's own FormData, as a browser would send it. */
async function multipart(files: { field: string; name: string; data: Buffer; type: string }[]) {
  const form = new FormData()
  for (const file of files)
    form.append(file.field, new Blob([new Uint8Array(file.data)], { type: file.type }), file.name)
  const request = new Request('http://localhost/', { method: 'POST', body: form })
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  }
}

async function upload(files: Parameters<typeof multipart>[0], cookie?: string) {
  const { payload, headers } = await multipart(files)
  return t.app.inject({
    method: 'POST',
    url: '/api/upload/product-image',
    payload,
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
  })
}

describe('product image upload', () => {
  it('stores several images as re-encoded WebP and answers their URLs', async () => {
    const response = await upload(
      [
        { field: 'images', name: 'a.png', data: await png('#0f6b4b'), type: 'image/png' },
        { field: 'images', name: 'b.png', data: await png('#b08d57'), type: 'image/png' },
      ],
      admin,
    )
    expect(response.statusCode).toBe(200)
    const { files } = response.json() as { files: string[] }
    expect(files).toHaveLength(2)
    // Never upscaled: an 800 px picture is stored up to the 640 px width.
    for (const url of files) expect(url).toMatch(/^\/uploads\/[A-Za-z0-9_]+-640\.webp$/)
    const served = await t.app.inject({ method: 'GET', url: files[0]! })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/webp')
    expect(served.headers['cache-control']).toContain('immutable')
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp')
  })

  it('refuses a file that is not an image, whatever its name, with 415', async () => {
    const response = await upload(
      [{ field: 'images', name: 'notes.png', data: Buffer.from('just some text'), type: 'image/png' }],
      admin,
    )
    expect(response.statusCode).toBe(415)
    expect(response.json().message).toBe('notes.png is not an image file.')
  })

  it('refuses a file over 5 MB with 413', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 0xff)
    big.set([0xff, 0xd8, 0xff], 0)
    const response = await upload(
      [{ field: 'images', name: 'huge.jpg', data: big, type: 'image/jpeg' }],
      admin,
    )
    expect(response.statusCode).toBe(413)
    expect(response.json().message).toBe('huge.jpg exceeds the 5MB size limit.')
  })

  it('is for administrators only', async () => {
    const file = [{ field: 'images', name: 'a.png', data: await png('#ffffff'), type: 'image/png' }]
    expect((await upload(file)).statusCode).toBe(401)
    const { cookie } = await registerCustomer(t.app)
    expect((await upload(file, cookie)).statusCode).toBe(403)
  })
})
