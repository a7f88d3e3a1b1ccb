import { z } from 'zod'
import { endpoint } from '../contract'
import { oneClickUnsubscribeEndpoint } from '../newsletter/one-click-unsubscribe'
import { messageAnswer } from '../wire'
import { PIECE_ALERT_MESSAGES } from './messages'
import { pieceAlertAnswerSchema, pieceAlertSchema, pieceAlertTokenSchema } from './schema'

export const pieceAlertsContract = {
  ask: endpoint({
    method: 'POST',
    path: '/api/products/:id/notify',
    params: z.object({ id: z.coerce.number().int().positive(PIECE_ALERT_MESSAGES.notFound) }),
    body: pieceAlertSchema,
    response: { 200: pieceAlertAnswerSchema },
  }),
  confirm: endpoint({
    method: 'POST',
    path: '/api/alerts/confirm',
    body: pieceAlertTokenSchema,
    response: { 200: messageAnswer },
  }),
  unsubscribe: endpoint({
    method: 'POST',
    path: '/api/alerts/unsubscribe',
    body: pieceAlertTokenSchema,
    response: { 200: messageAnswer },
  }),
  /** List-Unsubscribe's address: the mail program POSTs a form, the token in the query. */
  oneClickUnsubscribe: oneClickUnsubscribeEndpoint('/api/alerts/one-click-unsubscribe'),
}
