import { endpoint } from '../contract'
import { calculateTaxRequestSchema, taxCalculationSchema } from './schema'

/** The checkout summary's "Sales tax" line, before the order: the order computes it again. */
export const taxContract = {
  calculate: endpoint({
    method: 'POST',
    path: '/api/calculate-tax',
    body: calculateTaxRequestSchema,
    response: { 200: taxCalculationSchema },
  }),
}
