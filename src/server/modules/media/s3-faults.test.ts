import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminCookie } from '../../test/factories'
import { createTestApp, type TestApp } from '../../test/helpers'
import { multipartBody, pngOf } from '../../test/multipart'
import { type S3StandIn, startS3StandIn } from '../../test/s3-stand-in'
import { type TcpProxy, tcpProxy } from '../../test/tcp-proxy'
import { S3_TIMEOUTS_MS, STORE_UNAVAILABLE_MESSAGE } from './s3-file-store'

// The picture store away (issue 39): with the bucket stopped or frozen, an upload and a picture
// are a 503 with Retry-After and a clear message, within the store's timeout, never a 500 or a
// request hanging as long as the store does; once it is back, both work again.

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

async function upload() {
  const { payload, headers } = await multipartBody([
    { field: 'images', name: 'piece.png', data: await pngOf('#0f6b4b', 400), type: 'image/png' },
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

  it('gives up on a frozen store after its timeout instead of waiting as long as it does', async () => {
    const stored = await upload()
    const picture = (stored.json() as { files: string[] }).files[0]!
    proxy.pause()
    const started = Date.now()
    const frozen = await t.app.inject({ method: 'GET', url: picture })
    const waited = Date.now() - started
    await proxy.resume()
    expect(frozen.statusCode).toBe(503)
    expect(waited).toBeGreaterThanOrEqual(S3_TIMEOUTS_MS.read - 100)
    expect(waited).toBeLessThan(S3_TIMEOUTS_MS.read + 3_000)
  }, 20_000)
})
