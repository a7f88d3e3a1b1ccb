import { endpoint } from '../contract'
import { confirmSubscriptionSchema, newsletterSchema, unsubscribeSchema } from '../newsletter'
import { messageAnswer } from '../wire'

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
}
