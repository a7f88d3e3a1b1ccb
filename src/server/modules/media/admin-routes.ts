import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { mediaAdminContract as contract } from '../../../shared/media/admin-contract'
import { TAX_CERTIFICATE_PATH } from '../../../shared/tax/schema'
import { notFound } from '../../errors'
import { schemaOf } from '../../http/contract'
import { RATE_LIMITS } from '../../limits/rate-limits'
import { type FileStore, PRIVATE_CACHE_CONTROL } from './file-store'
import { certificateKeyOf, imageUploadLimits, storeCertificateFile, storeUploadedImages } from './uploads'

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

  // The buyer's papers (tax IDs, addresses, signatures), for the member's eyes only: streamed from
  // the store (never a redirect to a bucket or CDN), kept by no cache, and never run as a page
  // (sandboxed; the content type is the one checked at upload, and no sniffing). A PDF is
  // downloaded: browsers do not show one in a sandboxed page.
  app.get(
    contract.taxCertificate.path,
    { schema: { params: contract.taxCertificate.params } },
    async (request, reply) => {
      const { name } = request.params
      const file = await store.read(certificateKeyOf(`${TAX_CERTIFICATE_PATH}${name}`))
      if (!file) throw notFound('This certificate file is no longer kept')
      reply
        .header('cache-control', PRIVATE_CACHE_CONTROL)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', 'sandbox')
        .header('cross-origin-resource-policy', 'same-origin')
        .header('content-length', file.size)
        .type(file.contentType)
      if (file.contentType === 'application/pdf')
        reply.header('content-disposition', `attachment; filename="certificate-${name}"`)
      return reply.send(file.body)
    },
  )
}
