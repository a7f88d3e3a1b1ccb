import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { documentsAdminContract as contract } from '../../../shared/documents/admin-contract'
import { notFound } from '../../errors'
import type { FileStore } from '../media/file-store'
import { loadOrderDocument } from './order-document'
import { loadThumbnails, renderPackingSlip } from './packing-slip-pdf'
import { type DocumentOptions, orderId, pdfHeaders } from './routes'

// Registered inside the admin scope (plugins/admin-scope.ts): the packing slip, one click per order.

export const documentAdminRoutes: FastifyPluginAsyncZod<DocumentOptions & { files: FileStore }> = async (
  app,
  { db, shop, timeZone, files },
) => {
  app.get(
    contract.packingSlip.path,
    { schema: { params: contract.packingSlip.params } },
    async (request, reply) => {
      const id = orderId(request.params.id)
      const order = id === undefined ? undefined : await loadOrderDocument(db, id)
      if (!order) throw notFound('Order not found')
      const thumbnails = await loadThumbnails(order, files)
      return reply
        .headers(pdfHeaders(`packing-slip-${order.id}.pdf`))
        .send(renderPackingSlip(order, thumbnails, shop, timeZone))
    },
  )
}
