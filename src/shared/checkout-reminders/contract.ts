import { endpoint } from '../contract'
import { messageAnswer } from '../wire'
import { reminderUnsubscribeBodySchema, reminderUnsubscribeQuerySchema } from './schema'

// The reminder e-mail's "Return to checkout" (GET /api/checkout/resume) and the GET of its
// unsubscribe address answer redirects, not JSON: they have no contract (contracts.test.ts).
export const checkoutRemindersContract = {
  /** The page's button (`{ token }`) or a mail provider's one-click POST (the token in the query). */
  unsubscribe: endpoint({
    method: 'POST',
    path: '/api/checkout-reminders/unsubscribe',
    querystring: reminderUnsubscribeQuerySchema,
    body: reminderUnsubscribeBodySchema,
    response: { 200: messageAnswer },
  }),
}
