import { z } from 'zod'
import { endpoint } from '../contract'
import {
  monthlySalesAnswer,
  SALE_PERIODS,
  saleAnswer,
  saleInputSchema,
  salesPageAnswer,
  salesQuerySchema,
} from './schema'

// The sales ledger's calls (back-office.md §2 Sales); the routes are inside the admin scope.

export const salesAdminContract = {
  list: endpoint({
    method: 'GET',
    permission: 'ledger:view',
    path: '/api/sales',
    querystring: salesQuerySchema,
    response: { 200: salesPageAnswer },
  }),
  /** The period's sales and refund lines as a CSV file: no JSON answer to describe. */
  exportCsv: endpoint({
    method: 'GET',
    permission: 'ledger:view',
    path: '/api/sales/export',
    querystring: z.object({
      period: z.enum(SALE_PERIODS, { error: 'Unknown period' }).default('all'),
      search: salesQuerySchema.shape.search,
    }),
    response: {},
  }),
  monthly: endpoint({
    method: 'GET',
    permission: 'ledger:view',
    path: '/api/sales/monthly',
    querystring: z.object({ months: z.coerce.number().int().min(1).max(36).default(12) }),
    response: { 200: z.array(monthlySalesAnswer) },
  }),
  record: endpoint({
    method: 'POST',
    permission: 'sales:record',
    path: '/api/sales',
    body: saleInputSchema,
    response: { 201: saleAnswer },
  }),
}
