import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { testimonialsAdminContract as contract } from '../../../shared/testimonials/admin-contract'
import { TESTIMONIAL_MESSAGES } from '../../../shared/testimonials/schema'
import type { Database } from '../../db/client'
import { schemaOf } from '../../http/contract'
import type { FileStore } from '../media/file-store'
import { approveTestimonial, deleteTestimonial, listForModeration } from './service'

/** The moderation screen's calls; registered inside the admin scope (plugins/admin-scope.ts). */
export const testimonialsAdminRoutes: FastifyPluginAsyncZod<{ db: Database; files: FileStore }> = async (
  app,
  { db, files },
) => {
  app.get(contract.list.path, { schema: schemaOf(contract.list) }, (request) =>
    listForModeration(db, request.query),
  )

  app.patch(contract.approve.path, { schema: schemaOf(contract.approve) }, async (request) => {
    await approveTestimonial(db, request.params.id)
    return { message: TESTIMONIAL_MESSAGES.approved }
  })

  app.delete(contract.remove.path, { schema: schemaOf(contract.remove) }, async (request) => {
    await deleteTestimonial(db, files, request.params.id, request.log)
    return { message: TESTIMONIAL_MESSAGES.deleted }
  })
}
