import multipart from '@fastify/multipart'
import type { FastifyPluginAsync } from 'fastify'
import { RATE_LIMITS } from '../../lib/rate-limits'
import type { FileStore } from './file-store'
import { imageUploadLimits, storeUploadedImages } from './uploads'

/** The owner's uploads (product and category pictures); registered inside the admin scope. */
export const mediaAdminRoutes: FastifyPluginAsync<{ store: FileStore }> = async (app, { store }) => {
  // Multipart is parsed only where an upload is expected; everywhere else it is a 415.
  await app.register(multipart, imageUploadLimits)

  app.post(
    '/api/upload/product-image',
    { config: { rateLimit: RATE_LIMITS.upload, acceptsMultipart: true } },
    async (request) => ({
      files: await storeUploadedImages(request, store, 'images'),
    }),
  )
}
