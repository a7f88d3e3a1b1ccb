import type { FastifyRequest } from 'fastify'
import { invalid } from '../../errors'
import type { FileStore } from './file-store'
import { ImageTooLargeError, MAX_IMAGE_BYTES, processImage } from './image-pipeline'

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
