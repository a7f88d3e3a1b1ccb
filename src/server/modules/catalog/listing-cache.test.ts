import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { beforeAll, describe, expect, it } from 'vitest'
import { insertProduct } from '../../test/factories'
import { shopForFile } from '../../test/helpers'
import { encode, ListingCache, normaliseListing } from './listing-cache'

const t = shopForFile()
beforeAll(async () => {
  await insertProduct(t.handle.db, { name: 'First Ring', category: 'Rings', color: 'Green' })
})

const names = async (url: string) =>
  ((await t.app.inject({ method: 'GET', url })).json() as { name: string }[]).map((product) => product.name)

describe('the listing cache', () => {
  it('keys on the normalised query: case, order and unknown parameters make no new entry', async () => {
    expect(await names('/api/products?category=rings&color=green')).toEqual(['First Ring'])
    // Written straight to the database, so no invalidation: a shared entry still answers the old list.
    await insertProduct(t.handle.db, { name: 'Second Ring', category: 'rings', color: 'green' })
    for (const url of [
      '/api/products?color=GREEN&category=Rings',
      '/api/products?category=RINGS&color=Green&utm_source=mail&cachebuster=12345',
      '/api/products?category=rings&color=green&featured=false&q=',
    ]) {
      expect(await names(url), url).toEqual(['First Ring'])
    }
    expect(
      normaliseListing({ q: 'Jade', color: 'Green', size: 'XS', featured: false }, ['q', 'color']),
    ).toEqual({
      color: 'green',
      q: 'jade',
      size: 'XS',
    })
  })

  it('evicts the least recently used answers by bytes instead of clearing everything', async () => {
    const one = encode({ filler: 'a'.repeat(4000) })
    // Each entry is counted with room for its compressed forms, made after it is kept.
    const perEntry = 2 * (one.json.length + 64) + 'k:0'.length
    const cache = new ListingCache(perEntry * 3 + 10)
    const put = (key: string) => cache.get(key, async () => ({ filler: 'a'.repeat(4000) }))
    await put('k:0')
    await put('k:1')
    await put('k:2')
    await put('k:0') // used again: now the most recent
    await put('k:3')
    expect(cache.has('k:0')).toBe(true)
    expect(cache.has('k:1')).toBe(false)
    expect(cache.has('k:2')).toBe(true)
    expect(cache.has('k:3')).toBe(true)
    expect(cache.size).toBeLessThanOrEqual(perEntry * 3 + 10)
  })

  it('builds one answer for concurrent misses and compresses it off the event loop', async () => {
    const cache = new ListingCache()
    let builds = 0
    const build = async () => {
      builds++
      return { products: Array.from({ length: 200 }, (_, n) => ({ n, name: `piece ${n}` })) }
    }
    const bodies = await Promise.all(Array.from({ length: 10 }, () => cache.get('same', build)))
    expect(builds).toBe(1)
    expect(new Set(bodies).size).toBe(1)
    const gzipped = await bodies[0]!.gzip()
    expect(JSON.parse(gunzipSync(gzipped).toString())).toEqual(JSON.parse(bodies[0]!.json.toString()))
    expect(JSON.parse(brotliDecompressSync(await bodies[0]!.brotli()).toString())).toEqual(
      JSON.parse(bodies[0]!.json.toString()),
    )
    // Compression goes to the thread pool: the caller gets a promise, not bytes; made once.
    expect(bodies[0]!.gzip()).toBeInstanceOf(Promise)
    expect(await bodies[0]!.gzip()).toBe(gzipped)
  })

  it('hands a first answer over before compressing it: a reader of the JSON never waits for zlib', async () => {
    const cache = new ListingCache()
    const body = await cache.get('fresh', async () => ({ items: ['jade'] }))
    expect(JSON.parse(body.json.toString())).toEqual({ items: ['jade'] })
    // The kept answer's compressed forms are made when first asked for (a browser), once.
    const [gzipped, brotli] = await Promise.all([body.gzip(), body.brotli()])
    expect(gunzipSync(gzipped).toString()).toBe(body.json.toString())
    expect(brotliDecompressSync(brotli).toString()).toBe(body.json.toString())
  })

  it('answers browsers compressed, and the same JSON to those that ask for none', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/products?color=green' })
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/products?color=green',
        headers: { 'accept-encoding': encoding },
      })
      expect(response.headers['content-encoding']).toBe(encoding)
      expect(response.headers.etag).toBe(plain.headers.etag)
      expect(decode(response.rawPayload).toString()).toBe(plain.body)
    }
  })
})
