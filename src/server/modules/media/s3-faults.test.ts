import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminCookie } from '../../test/factories'
import { createTestApp, type TestApp } from '../../test/helpers'
import { multipartBody, pngOf } from '../../test/multipart'
import { type S3StandIn, startS3StandIn } from '../../test/s3-stand-in'
import { type TcpProxy, tcpProxy } from '../../test/tcp-proxy'
import { S3_TIMEOUTS_MS, STORE_UNAVAILABLE_MESSAGE } from './s3-file-store'

// The picture store away (issue 39): with the bucket stopped or frozen, an upload and a picture
// are a 503 with Retry-After and a clear message, within the store's timeout, never a 500 or a
// request hanging as long as the store does; once it is back, both work again. A picture this
// instance has just served is answered from its copy meanwhile.

let s3: S3StandIn
let proxy: TcpProxy
let t: TestApp
let admin: string

beforeAll(async () => {
  s3 = await startS3StandIn()
  proxy = await tcpProxy(Number(new URL(s3.endpoint).port))
  t = await createTestApp({ env: { ...s3.env, S3_ENDPOINT: proxy.through(s3.endpoint) } })
  admin = await adminCookie(t.app, t.handle.db)
})
afterAll(async () => {
  await t.close()
  await proxy.close()
  await s3.close()
})

// Names are content hashes: each test's pictures are of a colour of their own.
async function upload(colour = '#0f6b4b') {
  const { payload, headers } = await multipartBody([
    { field: 'images', name: 'piece.png', data: await pngOf(colour, 400), type: 'image/png' },
  ])
  return t.app.inject({
    method: 'POST',
    url: '/api/upload/product-image',
    payload,
    headers: { ...headers, cookie: admin },
  })
}

describe('the picture store away', () => {
  it('answers 503 with Retry-After while it is stopped, and works again once it is back', async () => {
    const stored = await upload()
    expect(stored.statusCode).toBe(200)
    const picture = (stored.json() as { files: string[] }).files[0]!

    await proxy.drop()
    const refused = await upload()
    expect(refused.statusCode).toBe(503)
    expect(refused.headers['retry-after']).toBe('5')
    expect(refused.json()).toMatchObject({ message: STORE_UNAVAILABLE_MESSAGE })
    const unseen = await t.app.inject({ method: 'GET', url: picture })
    expect(unseen.statusCode).toBe(503)

    await proxy.resume()
    expect((await upload()).statusCode).toBe(200)
    expect((await t.app.inject({ method: 'GET', url: picture })).statusCode).toBe(200)
  })

  it('answers a picture it has just served from its copy while the store is stopped, any other with 503; /readyz stays 200', async () => {
    const served = (await upload('#2e8b57')).json() as { files: string[] }
    const first = await t.app.inject({ method: 'GET', url: served.files[0]! })
    expect(first.statusCode).toBe(200)
    const never = ((await upload('#556b2f')).json() as { files: string[] }).files[0]!

    await proxy.drop()
    try {
      const kept = await t.app.inject({ method: 'GET', url: served.files[0]! })
      expect(kept.statusCode).toBe(200)
      expect(kept.headers['x-picture-cache']).toBe('kept')
      expect(kept.headers['content-type']).toBe(first.headers['content-type'])
      expect(kept.headers['cache-control']).toBe(first.headers['cache-control'])
      expect(kept.rawPayload.equals(first.rawPayload)).toBe(true)
      // The browser's copy is still good: a 304 by the same ETag.
      const revalidated = await t.app.inject({
        method: 'GET',
        url: served.files[0]!,
        headers: { 'if-none-match': String(first.headers.etag) },
      })
      expect(revalidated.statusCode).toBe(304)
      const unseen = await t.app.inject({ method: 'GET', url: never })
      expect(unseen.statusCode).toBe(503)
      expect(unseen.headers['retry-after']).toBe('5')
      // The store is every instance's: withdrawing this one would only move its shoppers to others
      // that cannot reach it either, and the shop still sells without pictures (README: Deployment).
      expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200)
    } finally {
      await proxy.resume()
    }
    // Once the store is back, the pictures nobody had seen are served again.
    expect((await t.app.inject({ method: 'GET', url: never })).statusCode).toBe(200)
  })

  it('gives up on a frozen store after its timeout instead of waiting as long as it does; a kept picture is answered at once after', async () => {
    const served = ((await upload('#8fbc8f')).json() as { files: string[] }).files[0]!
    expect((await t.app.inject({ method: 'GET', url: served })).statusCode).toBe(200)
    const picture = ((await upload('#20b2aa')).json() as { files: string[] }).files[0]!
    proxy.pause()
    try {
      const started = Date.now()
      const frozen = await t.app.inject({ method: 'GET', url: picture })
      const waited = Date.now() - started
      expect(frozen.statusCode).toBe(503)
      expect(waited).toBeGreaterThanOrEqual(S3_TIMEOUTS_MS.read - 100)
      expect(waited).toBeLessThan(S3_TIMEOUTS_MS.read + 3_000)
      // The store is now known to be away: the copy is sent without waiting on it again.
      const keptStarted = Date.now()
      const kept = await t.app.inject({ method: 'GET', url: served })
      expect(kept.statusCode).toBe(200)
      expect(kept.headers['x-picture-cache']).toBe('kept')
      expect(Date.now() - keptStarted).toBeLessThan(500)
    } finally {
      await proxy.resume()
    }
  }, 20_000)
})
