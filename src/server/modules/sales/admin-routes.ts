import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { SALE_PERIODS, saleInputSchema, salesQuerySchema } from '../../../shared/sales'
import { dayIn } from '../../../shared/shop-dates/wall-time'
import type { Database } from '../../db/client'
import { salesCsv } from './csv'
import { allRefundLines, allSales, listSales, monthlySales, recordManualSale } from './service'

// Registered inside the admin scope (plugins/admin-scope.ts).

export const salesAdminRoutes: FastifyPluginAsyncZod<{ db: Database; timeZone: string }> = async (
  app,
  { db, timeZone },
) => {
  app.get('/api/sales', { schema: { querystring: salesQuerySchema } }, (request) =>
    listSales(db, request.query, { timeZone }),
  )

  app.get(
    '/api/sales/export',
    {
      schema: {
        querystring: z.object({
          period: z.enum(SALE_PERIODS, { error: 'Unknown period' }).default('all'),
          search: salesQuerySchema.shape.search,
        }),
      },
    },
    async (request, reply) => {
      const csv = salesCsv(
        await allSales(db, request.query.period, { timeZone }, request.query.search),
        await allRefundLines(db, request.query.period, { timeZone }, request.query.search),
        timeZone,
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

  app.get(
    '/api/sales/monthly',
    { schema: { querystring: z.object({ months: z.coerce.number().int().min(1).max(36).default(12) }) } },
    (request) => monthlySales(db, request.query.months, { timeZone }),
  )

  app.post('/api/sales', { schema: { body: saleInputSchema } }, async (request, reply) =>
    reply.status(201).send(await recordManualSale(db, request.body, { timeZone })),
  )
}
