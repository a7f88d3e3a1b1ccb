import { z } from 'zod'
import { endpoint } from '../contract'

/** The shop's public facts that pages show: its name and contact, the shipping rule, its clock. */
export const storeInfoSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  freeShippingThresholdCents: z.number().int(),
  flatShippingCents: z.number().int(),
  /** The shop's clock (IANA name): e-mails give times in it. */
  timeZone: z.string().optional(),
  /** The built-in test card provider is active: no money moves, pages say so. */
  testPayments: z.boolean().optional(),
})

export const storeContract = {
  info: endpoint({ method: 'GET', path: '/api/store', response: { 200: storeInfoSchema } }),
}
