import { queryOptions } from '@tanstack/react-query'
import type { OrderLine } from '../../../shared/checkout'
import { type CalculateTaxRequest, stateCode, type TaxCalculation, zip5 } from '../../../shared/tax'
import { api } from '../../lib/api'

/** What the checkout summary's "Sales tax" line depends on; absent until state and ZIP are complete. */
export interface TaxQuoteInput {
  lines: OrderLine[]
  discountCode: string | undefined
  shippingCost: number
  state: string
  zipCode: string
}

export interface QuotableAddress {
  state: string
  zipCode: string
}

/** The address part of a quote, once it can be asked for: a US state and a five-digit ZIP. */
export function quotableAddress(state: string, zipCode: string): QuotableAddress | undefined {
  const code = stateCode(state)
  const zip = zip5(zipCode)
  return code && zip ? { state: code, zipCode: zip } : undefined
}

/**
 * The server's tax for this cart and address (POST /api/calculate-tax): the summary shows it, and
 * the order and the card payment send it, so the shopper pays exactly the line they saw.
 */
export const taxQuery = (input: TaxQuoteInput) =>
  queryOptions({
    queryKey: ['/api/calculate-tax', input],
    queryFn: () =>
      api.post<TaxCalculation>('/api/calculate-tax', {
        items: input.lines,
        discountCode: input.discountCode,
        shippingCost: input.shippingCost,
        address: { state: input.state, zipCode: input.zipCode },
      } satisfies CalculateTaxRequest),
    staleTime: 60_000,
  })
