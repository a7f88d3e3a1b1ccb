import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { createPaymentProvider } from '../modules/payments'
import type { PaymentProvider } from '../modules/payments/provider'

declare module 'fastify' {
  interface FastifyInstance {
    paymentProvider: PaymentProvider
  }
}

/** The card payment provider: the one given (tests), else Stripe with keys, else the test provider. */
async function payments(app: FastifyInstance, { provider }: { provider?: PaymentProvider }) {
  app.decorate('paymentProvider', provider ?? createPaymentProvider(app.config, app.db))
}

export default fp(payments, {
  name: 'payments',
  dependencies: ['infrastructure'],
  decorators: { fastify: ['config', 'db'] },
})
