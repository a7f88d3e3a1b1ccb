import { queryOptions } from '@tanstack/react-query'
import type { OrderLine } from '../../../shared/checkout/schema'
import type { taxContract } from '../../../shared/tax/contract'
import {
  type CalculateTaxRequest,
  isUnitedStates,
  stateCode,
  TAX_MESSAGES,
  type TaxCalculation,
  zip5,
} from '../../../shared/tax/schema'
import { call } from '../../lib/api'

/** What the checkout summary's "Sales tax" line depends on; absent until state and ZIP are complete. */
export interface TaxQuoteInput {
  lines: OrderLine[]
  discountCode: string | undefined
  shippingCost: number
  state: string
  zipCode: string
  /** The signed-in shopper, whose exemption certificate may apply: a quote is theirs alone. */
  userId: number | undefined
}

/** The shipping address as typed, for the summary's tax line. */
export interface TypedAddress {
  state: string
  zipCode: string
  country: string
}

/** No US sales tax on a parcel leaving the country: no quote to ask for. */
export const OUTSIDE_US: TaxCalculation = { tax: 0, lines: [], note: TAX_MESSAGES.outsideUs }

/**
 * What the address means for the tax: shipped abroad (none), a quote to ask for (a US state and a
 * five-digit ZIP), or not complete yet.
 */
export function taxAddress(address: TypedAddress): 'abroad' | { state: string; zipCode: string } | undefined {
  if (!isUnitedStates(address.country || 'United States')) return 'abroad'
  const state = stateCode(address.state)
  const zipCode = zip5(address.zipCode)
  return state && zipCode ? { state, zipCode } : undefined
}

/**
 * The server's tax for this cart and address (POST /api/calculate-tax): the summary shows it, and
 * the order and the card payment send it, so the shopper pays exactly the line they saw.
 */
export const taxQuery = (input: TaxQuoteInput) =>
  queryOptions({
    queryKey: [TAX_QUOTES, input],
    queryFn: () =>
      call<typeof taxContract.calculate>(
        { method: 'POST', path: TAX_QUOTES },
        {
          body: {
            items: input.lines,
            discountCode: input.discountCode,
            shippingCost: input.shippingCost,
            address: { state: input.state, zipCode: input.zipCode, country: 'United States' },
          } satisfies CalculateTaxRequest,
        },
      ),
    staleTime: 60_000,
  })

export const TAX_QUOTES = '/api/calculate-tax'
