import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Database } from '../../db/client'
import { notFound } from '../../errors'
import { can, currentUser, requireUser } from '../../http/guards'
import { RATE_LIMITS } from '../../limits/rate-limits'
import type { SessionUser } from '../accounts/session-service'
import { accessKeyOpens } from '../order-desk/service'
import type { OrderLinkTokens } from '../orders/order-link-token'
import { renderInvoice } from './invoice-pdf'
import { loadOrderDocument } from './order-document'
import type { Letterhead } from './pdf-style'

// The order's papers as PDFs, streamed to the reply. The invoice is the shopper's for their own
// order (anybody else's is 404, as if it did not exist), a guest's with their order link's key,
// and the owner's for any; the packing slip is the owner's alone (admin-routes.ts, admin scope).

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

/** The invoice's own options: a guest's e-mailed link opens it too, rate-limited like the order page. */
export interface InvoiceOptions extends DocumentOptions {
  orderLinks: OrderLinkTokens
  limits: boolean
}

const hasKey = (request: FastifyRequest) => (request.query as { key?: string }).key !== undefined

export const documentRoutes: FastifyPluginAsyncZod<InvoiceOptions> = async (
  app,
  { db, shop, timeZone, orderLinks, limits },
) => {
  app.get(
    '/api/orders/:id/invoice.pdf',
    {
      // With the e-mailed link's key, a guest's download: no account, so the key is the guard (and
      // a wrong one is 404, as on the order page). Without it, the signed-in shopper's or the owner's.
      onRequest: async (request) => {
        if (!hasKey(request)) await requireUser(request)
      },
      schema: { params, querystring: z.object({ key: z.string().max(100).optional() }) },
      // The same allowance as the guest's order page (order-desk/routes.ts): ids are guessable, and
      // every wrong key counts. A signed-in download carries no key and is not counted.
      config: {
        rateLimit: { ...RATE_LIMITS.orderAccess, allowList: (request) => !limits || !hasKey(request) },
      },
    },
    async (request, reply) => {
      const id = orderId(request.params.id)
      const { key } = request.query
      const order = id === undefined ? undefined : await loadOrderDocument(db, id)
      const allowed =
        key !== undefined
          ? !!order && (await accessKeyOpens(db, order.id, key, orderLinks))
          : !!order && canSee(await currentUser(request), order.userId)
      if (!order || !allowed) throw notFound('Order not found')
      return reply.headers(pdfHeaders(`invoice-${order.id}.pdf`)).send(renderInvoice(order, shop, timeZone))
    },
  )
}

/** The shopper's own invoice, or any for a member who may see the shop's money. */
const canSee = (user: SessionUser, owner: number | null) => owner === user.id || can(user, 'ledger:view')
