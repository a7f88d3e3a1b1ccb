import { z } from 'zod'
import { strictObject } from '../validation'
import { PIECE_ALERT_MESSAGES } from './messages'

// "Tell me when a similar piece arrives" (issue 25): POST /api/products/:id/notify { email }.

const anEmail = z.email()

/**
 * The address to write to, trimmed and lower-cased (one wish per address and category). A
 * signed-in shopper may leave it out: their account's address is used.
 */
export const pieceAlertSchema = strictObject({
  email: z
    .string({ error: PIECE_ALERT_MESSAGES.invalid })
    .trim()
    .max(254, PIECE_ALERT_MESSAGES.invalid)
    .refine((email) => email === '' || anEmail.safeParse(email).success, PIECE_ALERT_MESSAGES.invalid)
    // Blank is the same as left out.
    .transform((email) => email.toLowerCase() || undefined)
    .optional(),
})
export type PieceAlertInput = z.output<typeof pieceAlertSchema>

export const pieceAlertTokenSchema = strictObject({
  token: z.string({ error: 'Token is required' }).trim().min(1, 'Token is required').max(200),
})

/** The answer to a request: `waiting` only when a signed-in shopper's own address is on the list now. */
export const pieceAlertAnswerSchema = z.object({ message: z.string(), waiting: z.boolean() })
export type PieceAlertAnswer = z.input<typeof pieceAlertAnswerSchema>
