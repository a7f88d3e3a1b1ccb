import type { StoreInfo } from '../../../shared/ssr'
import type { Config } from '../../config'

/** What pages and e-mails say about the shop: its name and contact, the shipping rule, its clock. */
export function storeInfo(config: Config): StoreInfo {
  return {
    name: config.store.name,
    email: config.store.email,
    phone: config.store.phone,
    freeShippingThresholdCents: config.shipping.freeThresholdCents,
    flatShippingCents: config.shipping.flatCents,
    timeZone: config.store.timeZone,
    ...(config.paymentProvider === 'test' ? { testPayments: true } : {}),
  }
}
