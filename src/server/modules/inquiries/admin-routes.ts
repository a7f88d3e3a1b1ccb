import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { inquiryListQuerySchema } from '../../../shared/inquiries'
import type { Database } from '../../db/client'
import { deleteInquiry, inquirySummary, listInquiries, markInquiryRead } from './service'

const inquiryParams = z.object({ id: z.coerce.number({ error: 'Inquiry not found' }).int().positive() })

/** The Inquiries screen's calls; registered inside the admin scope (plugins/admin-scope.ts). */
export const inquiriesAdminRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get('/api/admin/inquiries/summary', () => inquirySummary(db))

  app.get('/api/inquiries', { schema: { querystring: inquiryListQuerySchema } }, (request) =>
    listInquiries(db, request.query),
  )

  app.patch('/api/inquiries/:id/read', { schema: { params: inquiryParams } }, (request) =>
    markInquiryRead(db, request.params.id),
  )

  app.delete('/api/inquiries/:id', { schema: { params: inquiryParams } }, async (request) => {
    await deleteInquiry(db, request.params.id)
    return { message: 'Inquiry deleted successfully' }
  })
}
