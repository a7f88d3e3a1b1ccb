import { randomBytes } from 'node:crypto'
import type { MultipartFile } from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import { UPLOAD_MESSAGES } from '../../../shared/media/image-files'
import { TAX_CERTIFICATE_PATH } from '../../../shared/tax/schema'
import { DomainError, invalid } from '../../errors'
import { type FileStore, PRIVATE_PREFIX } from './file-store'
import { detectImageType, ImageTooLargeError, MAX_IMAGE_BYTES, processImage } from './image-pipeline'

const MAX_FILES_PER_REQUEST = 10

/** @fastify/multipart's options for an image upload route: the pipeline's size limit per file. */
export const imageUploadLimits = {
  limits: { fileSize: MAX_IMAGE_BYTES, files: MAX_FILES_PER_REQUEST, fields: 10, parts: 20 },
  throwFileSizeLimit: true,
}

/** One uploaded file's bytes; a file over the size limit is the specification's 413. */
async function bytesOf(part: MultipartFile): Promise<Buffer> {
  try {
    return await part.toBuffer()
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new ImageTooLargeError(part.filename)
    throw error
  }
}

/** Reads every file of one multipart field through the image pipeline; answers their URLs. */
export async function storeUploadedImages(
  request: FastifyRequest,
  store: FileStore,
  field: string,
): Promise<string[]> {
  const urls: string[] = []
  for await (const part of request.parts()) {
    if (part.type !== 'file') continue
    const data = await bytesOf(part)
    if (part.fieldname !== field) continue
    urls.push((await processImage(data, store, { fileName: part.filename })).url)
  }
  if (urls.length === 0) throw invalid(`No image received: send the files in the "${field}" field`)
  return urls
}

/** Where buyers' certificates sit in the store: below the private prefix `/uploads/` never serves. */
export const TAX_CERTIFICATE_PREFIX = `${PRIVATE_PREFIX}tax-certificates/`

export type CertificateKind = 'pdf' | 'image'

const CERTIFICATE_FORMATS = {
  pdf: { extension: 'pdf', type: 'application/pdf', kind: 'pdf' },
  jpeg: { extension: 'jpg', type: 'image/jpeg', kind: 'image' },
  png: { extension: 'png', type: 'image/png', kind: 'image' },
  webp: { extension: 'webp', type: 'image/webp', kind: 'image' },
  heic: { extension: 'heic', type: 'image/heic', kind: 'image' },
} as const satisfies Record<string, { extension: string; type: string; kind: CertificateKind }>

/** Every PDF starts with these bytes, whatever the file is called. */
const PDF_SIGNATURE = Buffer.from('%PDF-', 'latin1')
// HEIC's brands; AVIF's (avif, avis) are not a phone's scan, and no certificate arrives as one.
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'])

/** The certificate format the bytes announce, whatever the file is called; undefined for any other. */
export function certificateFormat(
  data: Buffer,
): (typeof CERTIFICATE_FORMATS)[keyof typeof CERTIFICATE_FORMATS] | undefined {
  if (data.subarray(0, PDF_SIGNATURE.length).equals(PDF_SIGNATURE)) return CERTIFICATE_FORMATS.pdf
  const image = detectImageType(data)
  if (image === 'jpeg' || image === 'png' || image === 'webp') return CERTIFICATE_FORMATS[image]
  if (image === 'heif' && HEIC_BRANDS.has(data.toString('latin1', 8, 12))) return CERTIFICATE_FORMATS.heic
  return undefined
}

/** The store key behind a certificate URL (TAX_CERTIFICATE_PATH + name), and back. */
export const certificateKeyOf = (url: string) =>
  `${TAX_CERTIFICATE_PREFIX}${url.slice(TAX_CERTIFICATE_PATH.length)}`
export const certificateUrlOf = (key: string) =>
  `${TAX_CERTIFICATE_PATH}${key.slice(TAX_CERTIFICATE_PREFIX.length)}`

/**
 * A buyer's tax certificate (issue 34), the one file of field `file`, kept as sent (a scan keeps
 * every detail of its stamp and signature) once its content proves it a PDF, JPEG, PNG, WebP or
 * HEIC, whatever its name. It is private: stored below TAX_CERTIFICATE_PREFIX under a random name
 * (two buyers' identical files are still two files, each deleted with its own exemption), and
 * opened at its URL only by a member who may see customers.
 */
export async function storeCertificateFile(
  request: FastifyRequest,
  store: FileStore,
): Promise<{ url: string; kind: CertificateKind }> {
  const part = await request.file({
    limits: { files: 1, fileSize: MAX_IMAGE_BYTES },
    throwFileSizeLimit: true,
  })
  if (part?.fieldname !== 'file') throw invalid('No file received: send the certificate in the "file" field')
  const data = await bytesOf(part)
  const format = certificateFormat(data)
  if (!format)
    throw new DomainError(
      'unsupported-type',
      UPLOAD_MESSAGES.notCertificate(part.filename || 'The file').description,
    )
  const key = `${TAX_CERTIFICATE_PREFIX}${randomBytes(16).toString('hex')}.${format.extension}`
  await store.put(key, data, format.type)
  return { url: certificateUrlOf(key), kind: format.kind }
}
