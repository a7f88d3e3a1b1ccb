import yauzl, { type Entry, type ZipFile } from 'yauzl'
import { MAX_IMAGE_BYTES } from '../../../shared/media/image-files'

// The pictures' ZIP, read with yauzl from the bytes the dry run kept. Only the central directory is
// read up front (names and sizes, no file data); each picture is inflated when the job reaches the
// row that names it, one at a time, so the memory an import needs does not grow with the ZIP.
// yauzl checks that each entry inflates to exactly the size its header declares
// (`validateEntrySizes`); we refuse any picture declared over the image pipeline's limit before
// inflating a byte of it, so a ZIP bomb costs nothing. Names that lead out of the archive (`/x`,
// `../x`) make yauzl refuse the whole ZIP; pictures are looked up by their last path part only.

export class ZipError extends Error {}

/** More files than any import can use (5,000 rows); the central directory is indexed in memory. */
export const MAX_ZIP_ENTRIES = 10_000

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

const unreadable = (name: string) =>
  `${name} could not be read from the ZIP archive (damaged or over ${MAX_IMAGE_BYTES / 1024 / 1024} MB)`

/** What the owner is told when yauzl refuses the archive while listing it. */
function listingProblem(error: unknown): string {
  const message = error instanceof Error ? error.message : ''
  const outside = /^(?:absolute path|invalid relative path): (.*)$/.exec(message)
  if (outside)
    return `The ZIP archive has a file whose name leads outside it (${outside[1]}): make the ZIP again from the pictures' folder`
  if (message === 'strong encryption is not supported')
    return 'The ZIP archive is protected by a password: make it again without one'
  return 'The ZIP archive is damaged'
}

export class ZipPictures {
  private constructor(
    private readonly zip: ZipFile,
    private readonly entries: Map<string, Entry>,
  ) {}

  /** Lists the archive; refuses what is not a ZIP, a damaged one, and one with too many files. */
  static async open(data: Buffer): Promise<ZipPictures> {
    let zip: ZipFile
    try {
      zip = await yauzl.fromBufferPromise(data, {
        decodeStrings: true,
        validateEntrySizes: true,
        // Backslashes (written by some Windows tools) are read as folder separators.
        strictFileNames: false,
      })
    } catch {
      throw new ZipError('The pictures file is not a ZIP archive')
    }
    if (zip.entryCount > MAX_ZIP_ENTRIES)
      throw new ZipError(
        `The ZIP archive holds ${zip.entryCount.toLocaleString('en-US')} files; at most ${MAX_ZIP_ENTRIES.toLocaleString('en-US')} can be imported at once`,
      )
    const entries = new Map<string, Entry>()
    try {
      for await (const entry of zip.eachEntry()) {
        // Folders and the macOS resource forks beside each file are not pictures.
        if (entry.fileName.endsWith('/') || entry.fileName.startsWith('__MACOSX/')) continue
        entries.set(pictureName(entry.fileName), entry)
      }
    } catch (error) {
      throw new ZipError(listingProblem(error))
    }
    return new ZipPictures(zip, entries)
  }

  has(ref: string): boolean {
    return this.entries.has(pictureName(ref))
  }

  get size(): number {
    return this.entries.size
  }

  /** The file's bytes; undefined when the ZIP has no file of that name. */
  async read(ref: string): Promise<Buffer | undefined> {
    const entry = this.entries.get(pictureName(ref))
    if (!entry) return undefined
    const name = entry.fileName
    if (entry.isEncrypted())
      throw new ZipError(`${name} is protected by a password in the ZIP archive; make it again without one`)
    if (!entry.canDecodeFileData())
      throw new ZipError(`${name} is compressed in a way the import cannot read`)
    // The declared size is what yauzl holds the inflated data to, so this bounds the bytes read.
    if (entry.uncompressedSize > MAX_IMAGE_BYTES) throw new ZipError(unreadable(name))
    let stream: NodeJS.ReadableStream
    try {
      stream = await this.zip.openReadStreamPromise(entry)
    } catch {
      throw new ZipError(`${name} is damaged in the ZIP archive`)
    }
    const chunks: Buffer[] = []
    let size = 0
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        size += chunk.length
        if (size > MAX_IMAGE_BYTES) throw new ZipError(unreadable(name))
        chunks.push(chunk)
      }
    } catch (error) {
      if (error instanceof ZipError) throw error
      throw new ZipError(unreadable(name))
    }
    return Buffer.concat(chunks)
  }
}
