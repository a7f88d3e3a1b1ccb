import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { inquiriesAdminContract as contract } from '../../../shared/inquiries/admin-contract'
import type { Database } from '../../db/client'
import { schemaOf } from '../../http/contract'
import { deleteInquiry, inquirySummary, listInquiries, markInquiryRead } from './service'

/** The Inquiries screen's calls; registered inside the admin scope (plugins/admin-scope.ts). */
export const inquiriesAdminRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(contract.summary.path, { schema: schemaOf(contract.summary) }, () => inquirySummary(db))

  app.get(contract.list.path, { schema: schemaOf(contract.list) }, (request) =>
    listInquiries(db, request.query),
  )

  app.patch(contract.markRead.path, { schema: schemaOf(contract.markRead) }, (request) =>
    markInquiryRead(db, request.params.id),
  )

  app.delete(contract.remove.path, { schema: schemaOf(contract.remove) }, async (request) => {
    await deleteInquiry(db, request.params.id)
    return { message: 'Inquiry deleted successfully' }
  })
}
