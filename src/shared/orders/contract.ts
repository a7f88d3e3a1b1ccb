import { z } from 'zod'
import { endpoint } from '../contract'
import { orderDetailSchema, orderSummarySchema } from './answers'

// The shopper's orders: their own list and orders, and a guest's order through its e-mailed link.

// A malformed id is just another order that is not yours: a 404, not a 400.
const orderParams = z.object({ id: z.string().max(20) })

export const ordersContract = {
  mine: endpoint({ method: 'GET', path: '/api/orders', response: { 200: z.array(orderSummarySchema) } }),
  one: endpoint({
    method: 'GET',
    path: '/api/orders/:id',
    params: orderParams,
    response: { 200: orderDetailSchema },
  }),
  /** A guest's view of one order, with the key of its e-mailed link. */
  byLink: endpoint({
    method: 'GET',
    path: '/api/order-status/:id',
    params: orderParams,
    querystring: z.object({ key: z.string().max(100).optional() }),
    response: { 200: orderDetailSchema },
  }),
}
