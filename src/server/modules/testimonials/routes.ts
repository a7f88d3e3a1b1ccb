import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { testimonialsContract as contract } from '../../../shared/testimonials/contract'
import { TESTIMONIAL_MESSAGES } from '../../../shared/testimonials/schema'
import type { Database } from '../../db/client'
import { schemaOf } from '../../http/contract'
import { RATE_LIMITS } from '../../limits/rate-limits'
import type { FileStore } from '../media/file-store'
import { imageUploadLimits, storeUploadedImages } from '../media/uploads'
import { noteTestimonialUploads } from './photo-sweep'
import { createTestimonial, listApproved } from './service'

/** The shopper's calls; moderation is in admin-routes.ts. */
export const testimonialsRoutes: FastifyPluginAsyncZod<{ db: Database; files: FileStore }> = async (
  app,
  { db, files },
) => {
  // One photo per review; multipart is parsed only in this plugin (elsewhere it is a 415).
  await app.register(multipart, { ...imageUploadLimits, limits: { ...imageUploadLimits.limits, files: 1 } })

  app.get(contract.list.path, { schema: schemaOf(contract.list) }, (request) =>
    listApproved(db, request.query.productId),
  )

  app.post(
    contract.submit.path,
    { schema: schemaOf(contract.submit), config: { rateLimit: RATE_LIMITS.form } },
    async (request, reply) => {
      const testimonial = await createTestimonial(db, request.body)
      return reply.status(201).send({ message: TESTIMONIAL_MESSAGES.submitted.description, testimonial })
    },
  )

  // The same content checks and re-encoding as the owner's product pictures (media/uploads.ts).
  app.post(
    contract.upload.path,
    { schema: schemaOf(contract.upload), config: { rateLimit: RATE_LIMITS.upload, acceptsMultipart: true } },
    async (request) => {
      const urls = await storeUploadedImages(request, files, 'image')
      // Unused a day later, the photo is swept (photo-sweep.ts).
      await noteTestimonialUploads(db, urls)
      return { files: urls }
    },
  )
}
