import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import {
  detectImageType,
  ImageTooLargeError,
  MAX_IMAGE_BYTES,
  processImage,
  UnsupportedImageError,
} from './image-pipeline'
import { LocalFileStore } from './local-file-store'

const root = mkdtempSync(path.join(tmpdir(), 'jade-media-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

function freshStore() {
  const dir = mkdtempSync(path.join(root, 'store-'))
  return { dir, store: new LocalFileStore(dir) }
}

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#0F6B4B' } })

/** The stored file behind a public URL. */
const fileOf = (dir: string, url: string) => path.join(dir, url.replace(/^\/uploads\//, ''))

/** Whether an EXIF block points to a GPS directory (tag 0x8825, in either byte order). */
const hasGpsDirectory = (exif: Buffer) =>
  exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25]))

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('expected the promise to reject')
}

describe('processImage', () => {
  it('stores a PNG as WebP at every width up to the largest, named by content hash', async () => {
    const { dir, store } = freshStore()
    const png = await solid(1500, 1000).png().toBuffer()

    const stored = await processImage(png, store)

    expect(stored.url).toMatch(/^\/uploads\/[0-9a-f]{16}-1280\.webp$/)
    expect(stored).toMatchObject({ width: 1280, height: 853 })
    const hash = stored.url.slice('/uploads/'.length, '/uploads/'.length + 16)
    expect(readdirSync(dir).sort()).toEqual(
      [320, 640, 960, 1280].map((width) => `${hash}-${width}.webp`).sort(),
    )
    for (const width of [320, 640, 960, 1280]) {
      const metadata = await sharp(path.join(dir, `${hash}-${width}.webp`)).metadata()
      expect(metadata.format).toBe('webp')
      expect(metadata.width).toBe(width)
    }
  })

  it('never enlarges: a small picture keeps only the widths it can fill', async () => {
    const { dir, store } = freshStore()
    const stored = await processImage(await solid(700, 700).jpeg().toBuffer(), store)
    expect(stored.url).toMatch(/-640\.webp$/)
    expect(readdirSync(dir)).toHaveLength(2) // 320 and 640

    const tiny = await processImage(await solid(200, 150).png().toBuffer(), store)
    expect(tiny).toMatchObject({ width: 200, height: 150 })
    expect(tiny.url).toMatch(/-200\.webp$/)
  })

  it('respects maxWidth', async () => {
    const { store } = freshStore()
    const stored = await processImage(await solid(1600, 1600).png().toBuffer(), store, { maxWidth: 960 })
    expect(stored.width).toBe(960)
  })

  it('gives the same picture the same name, and stores it once', async () => {
    const { dir, store } = freshStore()
    const png = await solid(400, 400).png().toBuffer()
    const first = await processImage(png, store)
    const second = await processImage(png, store)
    expect(second.url).toBe(first.url)
    expect(readdirSync(dir)).toHaveLength(1)
  })

  it('drops EXIF (GPS included) and applies the orientation before doing so', async () => {
    const { dir, store } = freshStore()
    // A landscape JPEG whose EXIF says "rotate 90°" and carries a GPS position.
    const jpeg = await solid(800, 400)
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneCo', Model: 'Jade 1' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '29/1 45/1 0/1',
          GPSLongitudeRef: 'W',
          GPSLongitude: '95/1 22/1 0/1',
        },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer()
    const input = await sharp(jpeg).metadata()
    expect(input.exif).toBeDefined()
    expect(input.orientation).toBe(6)
    expect(input.exif!.toString('latin1')).toContain('PhoneCo')
    expect(hasGpsDirectory(input.exif!)).toBe(true)

    const stored = await processImage(jpeg, store)

    // Upright: 400 wide once rotated, so 320 is the largest width it can fill.
    expect(stored).toMatchObject({ width: 320, height: 640 })
    const output = readFileSync(fileOf(dir, stored.url))
    const metadata = await sharp(output).metadata()
    expect(metadata.exif).toBeUndefined()
    expect(metadata.orientation).toBeUndefined()
    expect(metadata.xmp).toBeUndefined()
    expect(output.toString('latin1')).not.toContain('PhoneCo')
    expect(output.includes(Buffer.from('Exif'))).toBe(false)
  })

  it('accepts GIF, WebP and AVIF too', async () => {
    const { store } = freshStore()
    for (const input of [
      await solid(500, 300).gif().toBuffer(),
      await solid(500, 300).webp().toBuffer(),
      await solid(500, 300).avif().toBuffer(),
    ]) {
      expect(await processImage(input, store)).toMatchObject({ width: 320, height: 192 })
    }
  })

  it('rejects a text file named .png with 415', async () => {
    const { dir, store } = freshStore()
    const text = Buffer.from('This is not a picture, whatever the file is called.\n')
    const error = await rejection(processImage(text, store, { fileName: 'photo.png' }))
    expect(error).toBeInstanceOf(UnsupportedImageError)
    expect(error).toMatchObject({ kind: 'unsupported-type', message: 'photo.png is not an image file.' })
    expect(readdirSync(dir)).toHaveLength(0)
  })

  it('rejects an SVG (scripts, external references) even though sharp could draw it', async () => {
    const { store } = freshStore()
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')
    await expect(processImage(svg, store)).rejects.toMatchObject({ kind: 'unsupported-type' })
  })

  it('rejects a file whose PNG signature is followed by garbage with 415', async () => {
    const { store } = freshStore()
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(64, 7),
    ])
    await expect(processImage(fake, store)).rejects.toMatchObject({ kind: 'unsupported-type' })
  })

  it('rejects more than 5 MB with 413 before looking at the content', async () => {
    const { store } = freshStore()
    const big = Buffer.alloc(MAX_IMAGE_BYTES + 1)
    const error = await rejection(processImage(big, store, { fileName: 'huge.jpg' }))
    expect(error).toBeInstanceOf(ImageTooLargeError)
    expect(error).toMatchObject({ kind: 'too-large', message: 'huge.jpg exceeds the 5MB size limit.' })
    expect(MAX_IMAGE_BYTES).toBe(5 * 1024 * 1024)
  })

  it('rejects a small file that decodes to an enormous picture with 413', async () => {
    const { store } = freshStore()
    const bomb = await sharp({ create: { width: 10_000, height: 8_000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer()
    expect(bomb.length).toBeLessThan(MAX_IMAGE_BYTES)
    await expect(processImage(bomb, store)).rejects.toMatchObject({ kind: 'too-large' })
  })
})

describe('detectImageType', () => {
  it('goes by the bytes, not the name', async () => {
    expect(detectImageType(await solid(4, 4).jpeg().toBuffer())).toBe('jpeg')
    expect(detectImageType(await solid(4, 4).png().toBuffer())).toBe('png')
    expect(detectImageType(await solid(4, 4).webp().toBuffer())).toBe('webp')
    expect(detectImageType(await solid(4, 4).gif().toBuffer())).toBe('gif')
    expect(detectImageType(await solid(16, 16).avif().toBuffer())).toBe('heif')
    expect(detectImageType(Buffer.from('GIF'))).toBeUndefined()
    expect(detectImageType(Buffer.from('%PDF-1.7'))).toBeUndefined()
  })
})
