import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { DISCOUNT_MESSAGES, discountInputSchema, discountListQuerySchema } from '../../../shared/discounts'
import type { Database } from '../../db/client'
import { createDiscount, deleteDiscount, listDiscounts, updateDiscount } from './service'

const discountParams = z.object({
  id: z.coerce.number({ error: DISCOUNT_MESSAGES.notFound }).int().positive(),
})

/** The Discounts screen's calls; registered inside the admin scope (plugins/admin-scope.ts). */
export const discountsAdminRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get('/api/admin/discounts', { schema: { querystring: discountListQuerySchema } }, (request) =>
    listDiscounts(db, request.query),
  )

  app.post('/api/admin/discounts', { schema: { body: discountInputSchema } }, async (request, reply) => {
    reply.code(201)
    return createDiscount(db, request.body)
  })

  app.put(
    '/api/admin/discounts/:id',
    { schema: { params: discountParams, body: discountInputSchema } },
    (request) => updateDiscount(db, request.params.id, request.body),
  )

  app.delete('/api/admin/discounts/:id', { schema: { params: discountParams } }, async (request) => {
    await deleteDiscount(db, request.params.id)
    return { message: DISCOUNT_MESSAGES.deleted }
  })
}
