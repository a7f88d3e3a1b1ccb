import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { giftCardPaymentLabel } from '../../../shared/gift-cards/payments'
import { salesAdminContract as contract } from '../../../shared/sales/admin-contract'
import { dayIn } from '../../../shared/shop-dates/wall-time'
import type { Database } from '../../db/client'
import { schemaOf } from '../../http/contract'
import { can, currentUser } from '../../http/guards'
import { giftCardPaymentsOf } from '../gift-cards/checkout-payments'
import { salesCsv } from './csv'
import { allRefundLines, allSales, listSales, monthlySales, recordManualSale } from './service'

// Registered inside the admin scope (plugins/admin-scope.ts).

export const salesAdminRoutes: FastifyPluginAsyncZod<{ db: Database; timeZone: string }> = async (
  app,
  { db, timeZone },
) => {
  app.get(contract.list.path, { schema: schemaOf(contract.list) }, (request) =>
    listSales(db, request.query, { timeZone }),
  )

  app.get(
    contract.exportCsv.path,
    { schema: { querystring: contract.exportCsv.querystring } },
    async (request, reply) => {
      const sales = await allSales(db, request.query.period, { timeZone }, request.query.search)
      // Sales of orders the gift cards paid name their cards (issue 36): "Gift card ••••AB12" (or
      // "Store credit ••••AB12").
      const giftCardOrders = sales.flatMap((sale) =>
        sale.paymentMethod === 'gift_card' && sale.orderId !== null ? [sale.orderId] : [],
      )
      const giftCards = await giftCardPaymentsOf(db, [...new Set(giftCardOrders)])
      const csv = salesCsv(
        sales,
        await allRefundLines(db, request.query.period, { timeZone }, request.query.search),
        timeZone,
        {
          withCost: can(await currentUser(request), 'products:cost'),
          giftCardLabels: new Map(
            [...giftCards].map(([orderId, cards]) => [
              orderId,
              cards.map((card) => giftCardPaymentLabel(card.last4, card.kind)).join(', '),
            ]),
          ),
        },
      )
      const day = dayIn(timeZone)
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="jade-shop-sales-${request.query.period}-${day}.csv"`,
        )
        .send(csv)
    },
  )

  app.get(contract.monthly.path, { schema: schemaOf(contract.monthly) }, (request) =>
    monthlySales(db, request.query.months, { timeZone }),
  )

  app.post(contract.record.path, { schema: schemaOf(contract.record) }, async (request, reply) => {
    // A cost is recorded only by who may see costs: profit is computed from it.
    const withCost = can(await currentUser(request), 'products:cost')
    const sale = withCost ? request.body : { ...request.body, cost: undefined }
    return reply.status(201).send(await recordManualSale(db, sale, { timeZone }))
  })
}
