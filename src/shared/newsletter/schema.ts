import { z } from 'zod'
import { listQuerySchema } from '../admin/list'
import { strictObject } from '../validation'
import { CONFIRM_MESSAGES, NEWSLETTER_FORM_MESSAGES, UNSUBSCRIBE_MESSAGES } from './messages'

export const NEWSLETTER_MESSAGES = {
  ...NEWSLETTER_FORM_MESSAGES,
  ...UNSUBSCRIBE_MESSAGES,
  confirmed: CONFIRM_MESSAGES.confirmed,
  badConfirmToken: CONFIRM_MESSAGES.badToken,
  awaitingConfirmation: 'Awaiting confirmation',
  bouncing: 'Bouncing',
  noSubscribers: 'No subscribers yet. Promote your newsletter to grow your list.',
  copied: (n: number) => `${n} email addresses copied to clipboard`,
} as const

// The footer's newsletter form (storefront.md §5, §8) and the Subscribers screen (back-office.md §2).

/** Addresses are kept trimmed and in lower case, so Mei@Example.com subscribes once. */
export const newsletterSchema = strictObject({
  email: z
    .string({ error: NEWSLETTER_MESSAGES.empty })
    .trim()
    .min(1, NEWSLETTER_MESSAGES.empty)
    .pipe(z.email({ error: NEWSLETTER_MESSAGES.invalid }).max(254))
    .transform((email) => email.toLowerCase()),
})

export const unsubscribeSchema = strictObject({
  token: z
    .string({ error: 'Unsubscribe token is required' })
    .trim()
    .min(1, 'Unsubscribe token is required')
    .max(200),
})

export const confirmSubscriptionSchema = strictObject({
  token: z
    .string({ error: 'Confirmation token is required' })
    .trim()
    .min(1, 'Confirmation token is required')
    .max(200),
})

export const subscriberListQuerySchema = listQuerySchema
export type SubscriberListQuery = z.output<typeof subscriberListQuerySchema>

/** Polling interval of the Subscribers screen (back-office.md §9). */
export const SUBSCRIBERS_POLL_MS = 30_000
