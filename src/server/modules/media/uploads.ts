import { createHash } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { DomainError, invalid } from '../../errors'
import type { FileStore } from './file-store'
import { detectImageType, ImageTooLargeError, MAX_IMAGE_BYTES, processImage } from './image-pipeline'

const MAX_FILES_PER_REQUEST = 10

/** @fastify/multipart's options for an image upload route: the pipeline's size limit per file. */
export const imageUploadLimits = {
  limits: { fileSize: MAX_IMAGE_BYTES, files: MAX_FILES_PER_REQUEST, fields: 10, parts: 20 },
  throwFileSizeLimit: true,
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
    let data: Buffer
    try {
      data = await part.toBuffer()
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw new ImageTooLargeError(part.filename)
      throw error
    }
    if (part.fieldname !== field) continue
    urls.push((await processImage(data, store, { fileName: part.filename })).url)
  }
  if (urls.length === 0) throw invalid(`No image received: send the files in the "${field}" field`)
  return urls
}

/** Every PDF starts with these bytes, whatever the file is called. */
const PDF_SIGNATURE = Buffer.from('%PDF-', 'latin1')

/**
 * A buyer's tax certificate (issue 34), the one file of field `file`: a PDF is stored as sent
 * (content-hashed, `<hash>.pdf`, served as application/pdf); a photo or scan goes through the image
 * pipeline like any picture. Anything else is refused by its content, not its name.
 */
export async function storeCertificateFile(
  request: FastifyRequest,
  store: FileStore,
): Promise<{ url: string; kind: 'pdf' | 'image' }> {
  let file: { name: string; data: Buffer } | undefined
  for await (const part of request.parts()) {
    if (part.type !== 'file') continue
    let data: Buffer
    try {
      data = await part.toBuffer()
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw new ImageTooLargeError(part.filename)
      throw error
    }
    if (part.fieldname === 'file' && !file) file = { name: part.filename, data }
  }
  if (!file) throw invalid('No file received: send the certificate in the "file" field')
  const { name, data } = file
  if (data.subarray(0, PDF_SIGNATURE.length).equals(PDF_SIGNATURE)) {
    const key = `${createHash('sha256').update(data).digest('hex').slice(0, 24)}.pdf`
    if (!(await store.exists(key))) await store.put(key, data, 'application/pdf')
    return { url: store.publicUrl(key), kind: 'pdf' }
  }
  if (!detectImageType(data))
    throw new DomainError('unsupported-type', `${name || 'The file'} is not a PDF or an image file.`)
  return { url: (await processImage(data, store, { fileName: name })).url, kind: 'image' }
}
