import type { Config } from '../../config'
import type { Database } from '../../db/client'
import type { PaymentProvider } from './provider'
import { createStripeProvider } from './stripe-provider'
import { createTestProvider } from './test-provider'

/**
 * Stripe when STRIPE_SECRET_KEY is set (unless PAYMENT_PROVIDER=test); otherwise the built-in test
 * provider (DESIGN.md §1). loadConfig has already refused the test provider on an https deployment
 * that did not ask for it.
 */
export function createPaymentProvider(config: Config, db: Database): PaymentProvider {
  return config.paymentProvider === 'stripe' && config.stripe
    ? createStripeProvider(config.stripe)
    : createTestProvider(db)
}
