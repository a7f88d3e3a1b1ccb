import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { orderAmounts } from '../../../shared/cart/rules'
import { taxContract } from '../../../shared/tax/contract'
import type { TaxSettings } from '../../../shared/tax/schema'
import type { Database, DbOrTx } from '../../db/client'
import { schemaOf } from '../../http/contract'
import { RATE_LIMITS } from '../../limits/rate-limits'
import { codeDiscount, linesSubtotal, mergeLines } from '../checkout/place-order'
import type { RateSource } from './rate-cache'
import { quoteTax } from './service'

export interface TaxRoutesDeps {
  db: Database
  timeZone: string
  /** The owner's settings as checkout reads them (plugins/catalog-changes.ts). */
  taxSettings: { get(db: DbOrTx): Promise<TaxSettings> }
  taxRates: RateSource
  shipping: { freeThresholdCents: number; flatCents: number }
}

/** The checkout summary's "Sales tax" line, before the order: the order computes it again. */
export const taxRoutes: FastifyPluginAsyncZod<TaxRoutesDeps> = async (
  app,
  { db, timeZone, shipping, taxSettings, taxRates },
) => {
  app.post(
    taxContract.calculate.path,
    { schema: schemaOf(taxContract.calculate), config: { rateLimit: RATE_LIMITS.taxQuote } },
    async (request) => {
      const { body } = request
      const lines = mergeLines(body.items)
      const prices = new Map(lines.map((line) => [line.productId, { price: line.price }]))
      const subtotal = linesSubtotal(lines, prices)
      const discount = body.discountCode ? await codeDiscount(db, body.discountCode, subtotal) : 0
      // The shipping the shop charges on these amounts, as checkout will: a stale figure from
      // the client would only mislead the shopper about the tax.
      const { shippingCost } = orderAmounts(subtotal, discount, shipping)
      return quoteTax(db, {
        destination: body.address,
        goods: subtotal - discount,
        shipping: shippingCost,
        timeZone,
        settings: await taxSettings.get(db),
        rates: taxRates,
        userId: (await request.session.user())?.id ?? null,
      })
    },
  )
}
