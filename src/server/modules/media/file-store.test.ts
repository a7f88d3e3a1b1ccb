import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testConfig } from '../../test/helpers'
import { type S3StandIn, startS3StandIn } from '../../test/s3-stand-in'
import { createFileStore } from './create-file-store'
import type { FileStore } from './file-store'
import { LocalFileStore } from './local-file-store'
import { S3FileStore } from './s3-file-store'

let s3: S3StandIn
const root = mkdtempSync(path.join(tmpdir(), 'jade-stores-'))
beforeAll(async () => {
  s3 = await startS3StandIn()
})
afterAll(async () => {
  await s3.close()
  rmSync(root, { recursive: true, force: true })
})

async function readAll(store: FileStore, key: string) {
  const file = await store.read(key)
  if (!file) return undefined
  const chunks: Buffer[] = []
  for await (const chunk of file.body) chunks.push(chunk as Buffer)
  return { ...file, data: Buffer.concat(chunks) }
}

async function keys(store: FileStore) {
  const found: { key: string; size: number }[] = []
  for await (const entry of store.list()) found.push(entry)
  return found.sort((a, b) => a.key.localeCompare(b.key))
}

// The same promises from both stores: the rest of the shop cannot tell them apart.
const stores: [string, () => Promise<FileStore>][] = [
  ['on disk', async () => new LocalFileStore(mkdtempSync(path.join(root, 'local-')))],
  ['in an S3 bucket', async () => await createFileStore(testConfig(await s3.newBucket()))],
]

describe.each(stores)('a file store %s', (_name, makeStore) => {
  it('stores, finds, lists, streams back and deletes files', async () => {
    const store = await makeStore()
    expect(await keys(store)).toEqual([])
    expect(await store.exists('abc-320.webp')).toBe(false)
    expect(await store.read('abc-320.webp')).toBeUndefined()

    await store.put('abc-320.webp', Buffer.from('small picture'), 'image/webp')
    await store.put('abc-640.webp', Buffer.alloc(70_000, 7), 'image/webp')
    expect(await store.exists('abc-320.webp')).toBe(true)
    const file = await readAll(store, 'abc-640.webp')
    expect(file?.contentType).toBe('image/webp')
    expect(file?.size).toBe(70_000)
    expect(file?.data.equals(Buffer.alloc(70_000, 7))).toBe(true)
    expect(await keys(store)).toEqual([
      { key: 'abc-320.webp', size: 13 },
      { key: 'abc-640.webp', size: 70_000 },
    ])
    expect(store.publicUrl('abc-320.webp')).toBe('/uploads/abc-320.webp')

    // Writing a name again replaces it; deleting twice is no error.
    await store.put('abc-320.webp', Buffer.from('other bytes'), 'image/webp')
    expect((await readAll(store, 'abc-320.webp'))?.data.toString()).toBe('other bytes')
    await store.delete('abc-320.webp')
    await store.delete('abc-320.webp')
    expect(await store.exists('abc-320.webp')).toBe(false)
    expect((await keys(store)).map((entry) => entry.key)).toEqual(['abc-640.webp'])
    store.close?.()
  })

  // Instances of a fleet starting at once each draw and store the demo's pictures, the same
  // content under the same content-addressed names (seed-demo.ts).
  it('takes the same file written twice at once: whole, once, with nothing left over', async () => {
    const store = await makeStore()
    const picture = Buffer.alloc(300_000, 9)
    await Promise.all(Array.from({ length: 4 }, () => store.put('same-1280.webp', picture, 'image/webp')))
    expect((await readAll(store, 'same-1280.webp'))?.data.equals(picture)).toBe(true)
    expect(await keys(store)).toEqual([{ key: 'same-1280.webp', size: 300_000 }])
    const onDisk = store instanceof LocalFileStore ? store.rootDir : undefined
    if (onDisk) expect(readdirSync(onDisk)).toEqual(['same-1280.webp'])
    store.close?.()
  })

  it('refuses keys that could reach outside its root', async () => {
    const store = await makeStore()
    for (const key of ['../escape.webp', '/etc/passwd', 'a/../../b.webp', '.hidden', '']) {
      await expect(store.put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(/Invalid file key/)
      await expect(store.read(key)).rejects.toThrow(/Invalid file key/)
    }
    store.close?.()
  })
})

describe('the S3 store', () => {
  it('is what S3_BUCKET chooses, and DATA_DIR/uploads otherwise', async () => {
    expect(await createFileStore(testConfig(s3.env))).toBeInstanceOf(S3FileStore)
    expect(await createFileStore(testConfig())).toBeInstanceOf(LocalFileStore)
  })

  it('checks at start-up that its bucket answers, and says which setting is wrong', async () => {
    await expect((await createFileStore(testConfig(s3.env))).verify?.()).resolves.toBeUndefined()
    const missing = await createFileStore(testConfig({ ...s3.env, S3_BUCKET: 'no-such-bucket' }))
    await expect(missing.verify?.()).rejects.toThrow(
      'S3_BUCKET: cannot reach bucket "no-such-bucket": no such bucket',
    )
  })
})

describe('the disk store', () => {
  it('lists neither the temporary files of a write in progress nor unsafe names', async () => {
    const dir = mkdtempSync(path.join(root, 'listing-'))
    const store = new LocalFileStore(dir)
    await store.put('k-320.webp', Buffer.from('x'), 'image/webp')
    writeFileSync(path.join(dir, 'k-640.webp.1a2b.tmp'), 'partial')
    writeFileSync(path.join(dir, '.DS_Store'), 'junk')
    expect((await keys(store)).map((entry) => entry.key)).toEqual(['k-320.webp'])
    expect(await keys(new LocalFileStore(path.join(dir, 'missing')))).toEqual([])
  })
})
