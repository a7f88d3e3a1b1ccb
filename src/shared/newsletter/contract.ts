import { endpoint } from '../contract'
import { messageAnswer } from '../wire'
import { oneClickUnsubscribeEndpoint } from './one-click-unsubscribe'
import { confirmSubscriptionSchema, newsletterSchema, unsubscribeSchema } from './schema'

export const newsletterContract = {
  subscribe: endpoint({
    method: 'POST',
    path: '/api/newsletter',
    body: newsletterSchema,
    response: { 200: messageAnswer },
  }),
  confirm: endpoint({
    method: 'POST',
    path: '/api/newsletter/confirm',
    body: confirmSubscriptionSchema,
    response: { 200: messageAnswer },
  }),
  unsubscribe: endpoint({
    method: 'POST',
    path: '/api/newsletter/unsubscribe',
    body: unsubscribeSchema,
    response: { 200: messageAnswer },
  }),
  /** RFC 8058's one-click address in a campaign's List-Unsubscribe: the token in the query. */
  oneClickUnsubscribe: oneClickUnsubscribeEndpoint('/api/newsletter/one-click-unsubscribe'),
}
