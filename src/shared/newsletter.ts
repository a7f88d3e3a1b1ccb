import { z } from 'zod'
import { listQuerySchema } from './admin-list'
import { strictObject } from './validation'

// The footer's newsletter form (storefront.md §5, §8) and the Subscribers screen (back-office.md §2).

export const NEWSLETTER_MESSAGES = {
  subscribed: 'Thank you for subscribing to our newsletter!',
  failed: 'Failed to subscribe. Please try again later.',
  empty: 'Please enter your email address',
  invalid: 'Please enter a valid email address',
  unsubscribed: 'You have been unsubscribed. You will not receive our newsletter any more.',
  badToken: 'This unsubscribe link is not valid or has already been used.',
  noSubscribers: 'No subscribers yet. Promote your newsletter to grow your list.',
  copied: (n: number) => `${n} email addresses copied to clipboard`,
} as const

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

export const subscriberListQuerySchema = listQuerySchema
export type SubscriberListQuery = z.output<typeof subscriberListQuerySchema>

export interface Subscriber {
  id: number
  email: string
  createdAt: string | null
}

/** Polling interval of the Subscribers screen (back-office.md §9). */
export const SUBSCRIBERS_POLL_MS = 30_000
