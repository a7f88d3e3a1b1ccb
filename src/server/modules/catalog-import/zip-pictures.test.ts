import { describe, expect, it } from 'vitest'
import { zipOf } from '../../test/zip'
import { MAX_ZIP_ENTRIES, ZipError, ZipPictures } from './zip-pictures'

// The ZIP of pictures as an attacker or a careless archiver writes it: each is refused with words
// the owner can act on, and nothing is inflated beyond the image limit.

const picture = Buffer.from('a picture, as far as the ZIP is concerned')

/** The offset of the first central directory header of a ZIP zipOf wrote. */
const centralAt = (zip: Buffer) => zip.readUInt32LE(zip.length - 22 + 16)

async function refusal(open: Promise<unknown>): Promise<string> {
  const error = await open.then(
    () => undefined,
    (thrown: unknown) => thrown,
  )
  expect(error).toBeInstanceOf(ZipError)
  return (error as ZipError).message
}

describe('the ZIP of pictures', () => {
  it('finds pictures by their last name part, in any case, skipping folders and macOS forks', async () => {
    const zip = await ZipPictures.open(
      zipOf([
        { name: 'Photos/', data: Buffer.alloc(0) },
        { name: 'Photos/Ring-Front.PNG', data: picture },
        { name: '__MACOSX/Photos/._Ring-Front.PNG', data: Buffer.from('fork') },
        { name: 'Windows\\ring-side.png', data: picture },
        { name: 'stored.png', data: picture },
      ]),
    )
    expect(zip.size).toBe(3)
    expect(zip.has('https://cdn.example/x/ring-front.png?v=2')).toBe(true)
    expect(await zip.read('ring-front.png')).toEqual(picture)
    expect(await zip.read('ring-side.png')).toEqual(picture)
    expect(await zip.read('missing.png')).toBeUndefined()
    const stored = await ZipPictures.open(zipOf([{ name: 'stored.png', data: picture }], true))
    expect(await stored.read('stored.png')).toEqual(picture)
  })

  it('refuses what is not a ZIP, and a damaged directory', async () => {
    expect(await refusal(ZipPictures.open(Buffer.from('plain text')))).toBe(
      'The pictures file is not a ZIP archive',
    )
    const damaged = zipOf([{ name: 'a.png', data: picture }])
    damaged.writeUInt32LE(0x12345678, centralAt(damaged))
    expect(await refusal(ZipPictures.open(damaged))).toBe('The ZIP archive is damaged')
  })

  it('refuses names that lead outside the archive', async () => {
    for (const name of ['../../etc/cron.d/x.png', '/etc/x.png'])
      expect(await refusal(ZipPictures.open(zipOf([{ name, data: picture }])))).toBe(
        `The ZIP archive has a file whose name leads outside it (${name}): make the ZIP again from the pictures' folder`,
      )
  })

  it(`refuses more than ${MAX_ZIP_ENTRIES.toLocaleString('en-US')} files`, async () => {
    const files = Array.from({ length: MAX_ZIP_ENTRIES + 1 }, (_, i) => ({
      name: `${i}.png`,
      data: Buffer.alloc(0),
    }))
    expect(await refusal(ZipPictures.open(zipOf(files, true)))).toBe(
      'The ZIP archive holds 10,001 files; at most 10,000 can be imported at once',
    )
  })

  it('refuses a picture declared over 5 MB without inflating it', async () => {
    const zip = zipOf([{ name: 'big.png', data: Buffer.alloc(6 * 1024 * 1024) }])
    expect(await refusal((await ZipPictures.open(zip)).read('big.png'))).toBe(
      'big.png could not be read from the ZIP archive (damaged or over 5 MB)',
    )
  })

  it('refuses a picture that inflates past the size it declares (a ZIP bomb)', async () => {
    const zip = zipOf([{ name: 'bomb.png', data: Buffer.alloc(4 * 1024 * 1024) }])
    zip.writeUInt32LE(1024, centralAt(zip) + 24)
    expect(await refusal((await ZipPictures.open(zip)).read('bomb.png'))).toBe(
      'bomb.png could not be read from the ZIP archive (damaged or over 5 MB)',
    )
  })

  it('refuses an encrypted picture, and one compressed in a way it cannot read', async () => {
    const encrypted = zipOf([{ name: 'locked.png', data: picture }])
    encrypted.writeUInt16LE(0x1, centralAt(encrypted) + 8)
    expect(await refusal((await ZipPictures.open(encrypted)).read('locked.png'))).toBe(
      'locked.png is protected by a password in the ZIP archive; make it again without one',
    )
    const strong = zipOf([{ name: 'locked.png', data: picture }])
    strong.writeUInt16LE(0x41, centralAt(strong) + 8)
    expect(await refusal(ZipPictures.open(strong))).toBe(
      'The ZIP archive is protected by a password: make it again without one',
    )
    const bzip2 = zipOf([{ name: 'odd.png', data: picture }])
    bzip2.writeUInt16LE(12, centralAt(bzip2) + 10)
    expect(await refusal((await ZipPictures.open(bzip2)).read('odd.png'))).toBe(
      'odd.png is compressed in a way the import cannot read',
    )
  })

  it('refuses a picture whose data lies outside the archive', async () => {
    const zip = zipOf([{ name: 'a.png', data: picture }])
    zip.writeUInt32LE(0, 0)
    expect(await refusal((await ZipPictures.open(zip)).read('a.png'))).toBe(
      'a.png is damaged in the ZIP archive',
    )
  })
})
