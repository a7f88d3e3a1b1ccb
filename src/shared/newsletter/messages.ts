// The newsletter's words (storefront.md §5, §8; back-office.md §2), apart from the schema: the
// footer form on every storefront page imports them, and must not pull zod (nor the back office's
// words) into the shell's bundle. schema.ts gathers them all as NEWSLETTER_MESSAGES.

/** The footer form's. */
export const NEWSLETTER_FORM_MESSAGES = {
  // The same words for a new, a waiting and a confirmed address: nobody learns who subscribes.
  subscribed:
    'Thank you for subscribing to our newsletter! Please confirm your address with the link we have sent to it.',
  failed: 'Failed to subscribe. Please try again later.',
  empty: 'Please enter your email address',
  invalid: 'Please enter a valid email address',
} as const

/** The unsubscribe page's. */
export const UNSUBSCRIBE_MESSAGES = {
  unsubscribed: 'You have been unsubscribed. You will not receive our newsletter any more.',
  badToken: 'This unsubscribe link is not valid or has already been used.',
} as const

/** The confirmation page's (double opt-in: an address is subscribed once its owner confirms it). */
export const CONFIRM_MESSAGES = {
  confirmed: 'Your subscription is confirmed. Welcome to our newsletter!',
  badToken:
    'This confirmation link is not valid or has expired. Please subscribe again from any page of the shop.',
} as const
