import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Database } from '../../db/client'
import { notFound } from '../../errors'
import { currentUser, requireUser } from '../../http/guards'
import { renderInvoice } from './invoice-pdf'
import { loadOrderDocument } from './order-document'
import type { Letterhead } from './pdf-style'

// The order's papers as PDFs, streamed to the reply. The invoice is the shopper's for their own
// order (anybody else's is 404, as if it did not exist) and the owner's for any; the packing slip
// is the owner's alone (admin-routes.ts, in the admin scope).

export interface DocumentOptions {
  db: Database
  shop: Letterhead
  timeZone: string
}

// A malformed id is just another order that is not yours.
export const params = z.object({ id: z.string().max(20) })
export const orderId = (text: string) => {
  const id = Number(text)
  return Number.isSafeInteger(id) && id > 0 && id < 2 ** 31 ? id : undefined
}

export const pdfHeaders = (name: string) => ({
  'content-type': 'application/pdf',
  'content-disposition': `inline; filename="${name}"`,
  'cache-control': 'private, no-store',
})

export const documentRoutes: FastifyPluginAsyncZod<DocumentOptions> = async (app, { db, shop, timeZone }) => {
  app.get(
    '/api/orders/:id/invoice.pdf',
    { onRequest: requireUser, schema: { params } },
    async (request, reply) => {
      const user = await currentUser(request)
      const id = orderId(request.params.id)
      const order = id === undefined ? undefined : await loadOrderDocument(db, id)
      if (!order || (!user.isAdmin && order.userId !== user.id)) throw notFound('Order not found')
      return reply.headers(pdfHeaders(`invoice-${order.id}.pdf`)).send(renderInvoice(order, shop, timeZone))
    },
  )
}
