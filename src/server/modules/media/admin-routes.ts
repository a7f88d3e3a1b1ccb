import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { mediaAdminContract as contract } from '../../../shared/media/admin-contract'
import { schemaOf } from '../../http/contract'
import { RATE_LIMITS } from '../../limits/rate-limits'
import type { FileStore } from './file-store'
import { imageUploadLimits, storeCertificateFile, storeUploadedImages } from './uploads'

/** The owner's uploads (pictures, buyers' tax certificates); registered inside the admin scope. */
export const mediaAdminRoutes: FastifyPluginAsyncZod<{ store: FileStore }> = async (app, { store }) => {
  // Multipart is parsed only where an upload is expected; everywhere else it is a 415.
  await app.register(multipart, imageUploadLimits)

  app.post(
    contract.uploadProductImage.path,
    {
      schema: schemaOf(contract.uploadProductImage),
      config: { rateLimit: RATE_LIMITS.upload, acceptsMultipart: true },
    },
    async (request) => ({
      files: await storeUploadedImages(request, store, 'images'),
    }),
  )

  app.post(
    contract.uploadTaxCertificate.path,
    {
      schema: schemaOf(contract.uploadTaxCertificate),
      config: { rateLimit: RATE_LIMITS.upload, acceptsMultipart: true },
    },
    (request) => storeCertificateFile(request, store),
  )
}
