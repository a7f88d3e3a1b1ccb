import { z } from 'zod'
import { endpoint } from '../contract'
import { listAnswer, messageAnswer } from '../wire'
import { DISCOUNT_MESSAGES, discountAnswer, discountInputSchema, discountListQuerySchema } from './schema'

// The back office's Discounts screen (issue 25); the routes are inside the admin scope.

const discountParams = z.object({
  id: z.coerce.number({ error: DISCOUNT_MESSAGES.notFound }).int().positive(),
})

export const discountsAdminContract = {
  list: endpoint({
    method: 'GET',
    permission: 'discounts:manage',
    path: '/api/admin/discounts',
    querystring: discountListQuerySchema,
    response: { 200: listAnswer(discountAnswer) },
  }),
  create: endpoint({
    method: 'POST',
    permission: 'discounts:manage',
    path: '/api/admin/discounts',
    body: discountInputSchema,
    response: { 201: discountAnswer },
  }),
  update: endpoint({
    method: 'PUT',
    permission: 'discounts:manage',
    path: '/api/admin/discounts/:id',
    params: discountParams,
    body: discountInputSchema,
    response: { 200: discountAnswer },
  }),
  remove: endpoint({
    method: 'DELETE',
    permission: 'discounts:manage',
    path: '/api/admin/discounts/:id',
    params: discountParams,
    response: { 200: messageAnswer },
  }),
}
