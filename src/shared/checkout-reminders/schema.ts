import { z } from 'zod'

export { REMINDER_UNSUBSCRIBE_MESSAGES } from './messages'

// The links of the unfinished-checkout reminder e-mail (issue 25): back to checkout, and the
// one-click unsubscribe.

const token = z.string().trim().max(600)

/** `GET /api/checkout/resume?token=`: the signed pieces to put back into the cart. */
export const resumeQuerySchema = z.object({ token: token.optional() })

/** The unsubscribe link's token, in the address (one-click, RFC 8058) or in the page's JSON body. */
export const reminderUnsubscribeQuerySchema = z.object({ token: token.optional() })

/**
 * The page sends `{ token }`; a mail provider sends the form `List-Unsubscribe=One-Click` (the
 * token stays in the address). Not strict: the form's field is read by no one.
 */
export const reminderUnsubscribeBodySchema = z.object({ token: token.optional() })
