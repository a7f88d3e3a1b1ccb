import { z } from 'zod'
import { endpoint } from '../contract'
import { messageAnswer } from '../wire'

/**
 * A mailing's List-Unsubscribe address (RFC 8058, with List-Unsubscribe-Post:
 * List-Unsubscribe=One-Click): the mail program POSTs a form to it, and the token in its query
 * says who leaves. The campaigns' and the piece alerts' share this shape.
 */
export const oneClickUnsubscribeEndpoint = <P extends string>(path: P) =>
  endpoint({
    method: 'POST',
    path,
    querystring: z.object({ token: z.string().trim().min(1).max(200) }),
    response: { 200: messageAnswer },
  })

export type OneClickUnsubscribeEndpoint = ReturnType<typeof oneClickUnsubscribeEndpoint>
