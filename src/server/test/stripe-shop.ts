import type { LightMyRequestResponse } from 'fastify'
import { createTestApp, type TestApp } from './helpers'
import {
  STAND_IN_SECRET_KEY,
  type StripeStandIn,
  signStripeWebhook,
  startStripeStandIn,
} from './stripe-stand-in'

// The shop as the Stripe tests run it: a test app whose `stripe` SDK talks to a local stand-in of
// Stripe's REST API, and whose webhook route checks the signatures Stripe would make.

export const STAND_IN_WEBHOOK_SECRET = 'whsec_stand_in_webhook_secret'

export interface StripeShop {
  standIn: StripeStandIn
  t: TestApp
  /** POST `body` to the Stripe webhook route, signed with the shop's secret unless `signature` is given. */
  deliverWebhook(body: string, signature?: string): Promise<LightMyRequestResponse>
  close(): Promise<void>
}

export async function startStripeShop(): Promise<StripeShop> {
  const standIn = await startStripeStandIn()
  let t: TestApp
  try {
    t = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
        STRIPE_PUBLISHABLE_KEY: 'pk_test_stand_in',
        STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET,
        STRIPE_API_URL: standIn.url,
      },
    })
  } catch (error) {
    await standIn.close()
    throw error
  }
  return {
    standIn,
    t,
    deliverWebhook: (body, signature = signStripeWebhook(body, STAND_IN_WEBHOOK_SECRET)) =>
      t.app.inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        payload: body,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      }),
    close: async () => {
      await t.close()
      await standIn.close()
    },
  }
}
