import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { describe, expect, it } from 'vitest'
import { RecentPictures } from './recent-pictures'

const file = (bytes: Buffer, size = bytes.length) => ({
  body: Readable.from([bytes.subarray(0, 3), bytes.subarray(3)]),
  contentType: 'image/webp',
  size,
  etag: '"e"',
})

async function serve(recent: RecentPictures, key: string, bytes: Buffer, size?: number): Promise<Buffer> {
  const chunks: Buffer[] = []
  await pipeline(file(bytes, size).body, recent.keep(key, file(bytes, size)), async (source) => {
    for await (const chunk of source) chunks.push(chunk as Buffer)
  })
  return Buffer.concat(chunks)
}

describe('pictures kept for while the store is away', () => {
  it('passes the bytes on and keeps a picture that arrived whole', async () => {
    const recent = new RecentPictures()
    const bytes = Buffer.from('a picture of jade')
    expect(await serve(recent, 'a.webp', bytes)).toEqual(bytes)
    expect(recent.get('a.webp')).toEqual({ bytes, contentType: 'image/webp', etag: '"e"' })
  })

  it('keeps no picture cut on its way, nor one over the size a picture may take', async () => {
    const recent = new RecentPictures({ maxPictureBytes: 10 })
    await serve(recent, 'cut.webp', Buffer.from('short'), 9)
    await serve(recent, 'big.webp', Buffer.from('more than ten bytes'))
    expect(recent.get('cut.webp')).toBeUndefined()
    expect(recent.get('big.webp')).toBeUndefined()
  })

  it('is bounded by bytes, the least recently served going first', async () => {
    // Each takes its 15 bytes and its key's 6: three fit, a fourth pushes one out.
    const recent = new RecentPictures({ maxBytes: 70 })
    for (const key of ['1.webp', '2.webp', '3.webp']) await serve(recent, key, Buffer.alloc(15))
    recent.get('1.webp')
    await serve(recent, '4.webp', Buffer.alloc(15))
    expect(['1.webp', '2.webp', '3.webp', '4.webp'].map((key) => Boolean(recent.get(key)))).toEqual([
      true,
      false,
      true,
      true,
    ])
  })

  it('is known away for a few seconds after a failure, then asks the store again', () => {
    let now = 1_000
    const recent = new RecentPictures({ now: () => now })
    expect(recent.storeKnownAway).toBe(false)
    recent.storeAway()
    now += 4_000
    expect(recent.storeKnownAway).toBe(true)
    now += 1_001
    expect(recent.storeKnownAway).toBe(false)
  })
})
