import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { TESTIMONIAL_MESSAGES, testimonialListQuerySchema } from '../../../shared/testimonials'
import type { Database } from '../../db/client'
import type { FileStore } from '../media/file-store'
import { approveTestimonial, deleteTestimonial, listForModeration } from './service'

const testimonialParams = z.object({
  id: z.coerce.number({ error: 'Testimonial not found' }).int().positive(),
})

/** The moderation screen's calls; registered inside the admin scope (plugins/admin-scope.ts). */
export const testimonialsAdminRoutes: FastifyPluginAsyncZod<{ db: Database; files: FileStore }> = async (
  app,
  { db, files },
) => {
  app.get('/api/admin/testimonials', { schema: { querystring: testimonialListQuerySchema } }, (request) =>
    listForModeration(db, request.query),
  )

  app.patch(
    '/api/admin/testimonials/:id/approve',
    { schema: { params: testimonialParams } },
    async (request) => {
      await approveTestimonial(db, request.params.id)
      return { message: TESTIMONIAL_MESSAGES.approved }
    },
  )

  app.delete('/api/admin/testimonials/:id', { schema: { params: testimonialParams } }, async (request) => {
    await deleteTestimonial(db, files, request.params.id, request.log)
    return { message: TESTIMONIAL_MESSAGES.deleted }
  })
}
