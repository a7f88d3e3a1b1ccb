import { inflateRawSync } from 'node:zlib'
import { MAX_IMAGE_BYTES } from '../../../shared/images'

// The pictures' ZIP, read without a dependency: the central directory names every file, and each
// is stored or deflated (what every archiver writes). Entries are read one at a time when the job
// needs them, each capped at the image pipeline's size limit, so a ZIP bomb inflates no further.

export class ZipError extends Error {}

interface Entry {
  name: string
  method: number
  compressedSize: number
  size: number
  offset: number
}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50
const CENTRAL_FILE_HEADER = 0x02014b50
const LOCAL_FILE_HEADER = 0x04034b50

/** A file name as the CSV names it: the last part of a path or URL, without a query, any case. */
export const pictureName = (ref: string) =>
  decodeURIComponentSafe(ref.split(/[?#]/)[0]!.split('/').pop() ?? '').toLowerCase()

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

export class ZipPictures {
  private readonly entries = new Map<string, Entry>()

  constructor(private readonly data: Buffer) {
    let end = -1
    for (let i = data.length - 22; i >= Math.max(0, data.length - 22 - 0xffff); i--) {
      if (data.readUInt32LE(i) === END_OF_CENTRAL_DIRECTORY) {
        end = i
        break
      }
    }
    if (end < 0) throw new ZipError('The pictures file is not a ZIP archive')
    const count = data.readUInt16LE(end + 10)
    let at = data.readUInt32LE(end + 16)
    for (let n = 0; n < count; n++) {
      if (at + 46 > data.length || data.readUInt32LE(at) !== CENTRAL_FILE_HEADER)
        throw new ZipError('The ZIP archive is damaged')
      const nameLength = data.readUInt16LE(at + 28)
      const extraLength = data.readUInt16LE(at + 30)
      const commentLength = data.readUInt16LE(at + 32)
      const name = data.toString('utf8', at + 46, at + 46 + nameLength)
      const entry: Entry = {
        name,
        method: data.readUInt16LE(at + 10),
        compressedSize: data.readUInt32LE(at + 20),
        size: data.readUInt32LE(at + 24),
        offset: data.readUInt32LE(at + 42),
      }
      // Folders and the macOS resource forks beside each file are not pictures.
      if (!name.endsWith('/') && !name.startsWith('__MACOSX/')) this.entries.set(pictureName(name), entry)
      at += 46 + nameLength + extraLength + commentLength
    }
  }

  has(ref: string): boolean {
    return this.entries.has(pictureName(ref))
  }

  get size(): number {
    return this.entries.size
  }

  /** The file's bytes; undefined when the ZIP has no file of that name. */
  read(ref: string): Buffer | undefined {
    const entry = this.entries.get(pictureName(ref))
    if (!entry) return undefined
    const { data } = this
    if (entry.offset + 30 > data.length || data.readUInt32LE(entry.offset) !== LOCAL_FILE_HEADER)
      throw new ZipError(`${entry.name} is damaged in the ZIP archive`)
    const start =
      entry.offset + 30 + data.readUInt16LE(entry.offset + 26) + data.readUInt16LE(entry.offset + 28)
    const raw = data.subarray(start, start + entry.compressedSize)
    if (entry.method === 0) return raw
    if (entry.method !== 8) throw new ZipError(`${entry.name} is compressed in a way the import cannot read`)
    try {
      // One byte past the limit: enough for the pipeline to say the picture is too large.
      return inflateRawSync(raw, { maxOutputLength: MAX_IMAGE_BYTES + 1 })
    } catch {
      throw new ZipError(`${entry.name} could not be read from the ZIP archive (damaged or over 5 MB)`)
    }
  }
}
