import multipart from '@fastify/multipart'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { badRequest } from '../../http/errors'
import { requireAdmin } from '../../http/guards'
import { RATE_LIMITS } from '../../http/rate-limit'
import type { FileStore } from './file-store'
import { ImageTooLargeError, MAX_IMAGE_BYTES, processImage } from './image-pipeline'

const MAX_FILES_PER_REQUEST = 10

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
  if (urls.length === 0) throw badRequest(`No image received: send the files in the "${field}" field`)
  return urls
}

export const mediaRoutes: FastifyPluginAsync<{ store: FileStore }> = async (app, { store }) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: MAX_FILES_PER_REQUEST, fields: 10, parts: 20 },
    throwFileSizeLimit: true,
  })

  app.post(
    '/api/upload/product-image',
    { onRequest: requireAdmin, config: { rateLimit: RATE_LIMITS.upload } },
    async (request) => ({ files: await storeUploadedImages(request, store, 'images') }),
  )
}
