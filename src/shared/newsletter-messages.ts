// The newsletter's words (storefront.md §5, §8; back-office.md §2), apart from the schema: the
// footer form on every storefront page imports them, and must not pull zod into the shell's bundle.

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
