import { z } from 'zod'
import { endpoint } from '../contract'
import {
  checkoutAnswer,
  orderSubmissionSchema,
  paymentIntentAnswer,
  paymentIntentRequestSchema,
} from './schema'

export const checkoutContract = {
  /** A card payment's intent, for the session that asks (a guest one if need be). */
  paymentIntent: endpoint({
    method: 'POST',
    path: '/api/create-payment-intent',
    body: paymentIntentRequestSchema,
    response: { 200: paymentIntentAnswer },
  }),
  /** Places the order: a Zelle order, or a card order once its payment went through. */
  place: endpoint({
    method: 'POST',
    path: '/api/checkout',
    body: orderSubmissionSchema,
    response: { 200: checkoutAnswer },
  }),
  /** The payment provider's own notice of a payment; its body is read raw, for the signature. */
  stripeWebhook: endpoint({
    method: 'POST',
    path: '/api/webhooks/stripe',
    response: { 200: z.object({ received: z.literal(true) }) },
  }),
  /** The built-in test provider's card form (only while it is the provider). */
  confirmTestPayment: endpoint({
    method: 'POST',
    path: '/api/test-payments/:id/confirm',
    params: z.object({ id: z.string().max(200) }),
    body: z.object({ cardNumber: z.string().trim().min(1, 'Card number is required').max(30) }),
    response: { 200: z.object({ status: z.string() }) },
  }),
}
