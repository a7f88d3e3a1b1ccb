// Every image the shop serves passes through here, uploads and demo pictures alike: checked by
// content, re-encoded (so nothing a user sends is served back byte for byte), stripped of metadata
// (phone photos carry GPS positions) and resized to the widths the storefront's srcset asks for.
import { createHash } from 'node:crypto'
import sharp from 'sharp'
import { MAX_IMAGE_BYTES, UPLOAD_MESSAGES } from '../../../shared/media/image-files'
import { WIDTHS } from '../../../shared/media/images'
import { DomainError } from '../../errors'
import type { FileStore } from './file-store'

export { MAX_IMAGE_BYTES }

// Enough for a 48-50 MP phone camera; a small file that decodes to more (a PNG of one flat colour)
// is a decompression bomb, not a photo.
const MAX_INPUT_PIXELS = 64_000_000
const WEBP_QUALITY = 80
const WEBP_EFFORT = 4

export interface StoredImage {
  /** The largest variant; the others share its name with another width (see shared/media/images.ts). */
  url: string
  width: number
  height: number
}

export interface ProcessImageOptions {
  /** Never store a variant wider than this. */
  maxWidth?: number
  /** The uploaded file's name, for the error message (back-office.md §5 wording). */
  fileName?: string
  /** WebP encoder effort, 0 (fastest) to 6 (smallest files). Bulk jobs may trade size for time. */
  effort?: number
}

export class UnsupportedImageError extends DomainError {
  constructor(fileName?: string, reason: 'type' | 'unreadable' = 'type') {
    const subject = fileName ?? 'The file'
    super(
      'unsupported-type',
      reason === 'type'
        ? UPLOAD_MESSAGES.notImage(subject).description
        : `${subject} could not be read as an image.`,
    )
    this.name = 'UnsupportedImageError'
  }
}

export class ImageTooLargeError extends DomainError {
  constructor(fileName?: string, reason: 'bytes' | 'pixels' = 'bytes') {
    const subject = fileName ?? 'The file'
    super(
      'too-large',
      reason === 'bytes'
        ? UPLOAD_MESSAGES.tooLarge(subject).description
        : `${subject} has too many pixels (at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels).`,
    )
    this.name = 'ImageTooLargeError'
  }
}

type DetectedType = 'jpeg' | 'png' | 'gif' | 'webp' | 'heif'

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

// Brands of the ISO base media file format that carry AVIF or HEIC pictures.
const HEIF_BRANDS = new Set(['avif', 'avis', 'heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'])

/** The image type the bytes announce, whatever the file is called; undefined for anything else. */
export function detectImageType(data: Buffer): DetectedType | undefined {
  const ascii = (start: number, end: number) => data.toString('latin1', start, end)
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg'
  if (data.length >= 8 && data.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png'
  if (data.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')) return 'gif'
  if (data.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp'
  if (data.length >= 12 && ascii(4, 8) === 'ftyp' && HEIF_BRANDS.has(ascii(8, 12))) return 'heif'
  return undefined
}

/**
 * Checks, re-encodes and stores one image as WebP at each of WIDTHS up to the source's width.
 * Files are named by content (`<hash>-<width>.webp`), so storing the same picture twice is free
 * and a stored URL can be cached for ever.
 */
export async function processImage(
  input: Buffer,
  store: FileStore,
  opts: ProcessImageOptions = {},
): Promise<StoredImage> {
  if (input.length > MAX_IMAGE_BYTES) throw new ImageTooLargeError(opts.fileName)
  const detected = detectImageType(input)
  if (!detected) throw new UnsupportedImageError(opts.fileName)

  const variants = await encodeVariants(input, detected, opts)
  const largest = variants[variants.length - 1]!
  const hash = createHash('sha256').update(largest.data).digest('hex').slice(0, 16)
  await Promise.all(
    variants.map(async (variant) => {
      const key = `${hash}-${variant.width}.webp`
      if (!(await store.exists(key))) await store.put(key, variant.data, 'image/webp')
    }),
  )
  return {
    url: store.publicUrl(`${hash}-${largest.width}.webp`),
    width: largest.width,
    height: largest.height,
  }
}

interface Variant {
  data: Buffer
  width: number
  height: number
}

async function encodeVariants(
  input: Buffer,
  detected: DetectedType,
  opts: ProcessImageOptions,
): Promise<Variant[]> {
  // `.rotate()` applies the EXIF orientation before the EXIF block is dropped; without it a portrait
  // phone photo would come out lying on its side. Output carries no metadata: sharp strips it
  // unless told to keep it, so withMetadata/keepExif must never be added here.
  const source = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).rotate()
  let sourceWidth: number
  try {
    const metadata = await source.metadata()
    // The magic bytes and the decoder must agree: a JPEG header glued onto something else is refused.
    if (metadata.format !== detected) {
      throw new UnsupportedImageError(opts.fileName)
    }
    sourceWidth = metadata.autoOrient.width
  } catch (error) {
    throw asImageError(error, opts.fileName)
  }

  const limit = Math.min(sourceWidth, opts.maxWidth ?? Number.POSITIVE_INFINITY)
  const widths: number[] = WIDTHS.filter((width) => width <= limit)
  // A picture narrower than the smallest width is kept at its own size rather than enlarged.
  if (widths.length === 0) widths.push(Math.max(1, Math.floor(limit)))

  try {
    // Decoded once, already scaled to the largest width; the smaller variants are scaled down from
    // these pixels rather than decoding the original again for each. (Raw output is converted to
    // sRGB like any other, so a Display P3 phone photo keeps its colours.)
    const largest = widths[widths.length - 1]!
    const { data, info } = await source
      .resize({ width: largest, withoutEnlargement: true })
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true })
    const raw = { width: info.width, height: info.height, channels: info.channels }
    return await Promise.all(
      widths.map(async (width) => {
        const variant = await sharp(data, { raw })
          .resize(width === raw.width ? undefined : { width })
          .webp({ quality: WEBP_QUALITY, effort: opts.effort ?? WEBP_EFFORT })
          .toBuffer({ resolveWithObject: true })
        return { data: variant.data, width: variant.info.width, height: variant.info.height }
      }),
    )
  } catch (error) {
    // HEIC passes the header check but sharp's bundled libheif cannot decode HEVC: that is a 415 too.
    throw asImageError(error, opts.fileName)
  }
}

function asImageError(error: unknown, fileName: string | undefined): DomainError {
  if (error instanceof DomainError) return error
  const message = error instanceof Error ? error.message : ''
  if (/pixel limit/i.test(message)) return new ImageTooLargeError(fileName, 'pixels')
  return new UnsupportedImageError(fileName, 'unreadable')
}
