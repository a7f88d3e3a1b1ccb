import type { Config } from '../../config'
import type { PaymentProvider } from './provider'
import { createStripeProvider } from './stripe-provider'
import { createTestProvider } from './test-provider'

/** Stripe when STRIPE_SECRET_KEY is set; otherwise the built-in test provider (DESIGN.md §1). */
export function createPaymentProvider(config: Config): PaymentProvider {
  return config.stripe ? createStripeProvider(config.stripe) : createTestProvider()
}
