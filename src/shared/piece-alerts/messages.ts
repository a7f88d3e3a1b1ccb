// The words of "Tell me when a similar piece arrives" (issue 25), apart from the schema: the
// product page's form imports them and must not pull zod into the page's first load.

export const PIECE_ALERT_MESSAGES = {
  /** The form's title and button, on a sold or reserved piece and in the wishlist. */
  title: 'Tell me when a similar piece arrives',
  // The same words for a new, a waiting and a confirmed address: nobody learns who is on the list.
  asked:
    'Thank you. Please confirm with the link we have sent to your address; then we will write when a similar piece arrives.',
  /** A signed-in shopper's own address needs no confirmation. */
  waiting: (email: string, category: string) =>
    `We will write to ${email} when a new piece arrives in ${category}.`,
  empty: 'Please enter your email address',
  invalid: 'Please enter a valid email address',
  failed: 'We could not take your request. Please try again later.',
  available: 'This piece is available: you can buy it now.',
  notFound: 'Product not found',
  confirmed: 'You are on the list: we will write when a similar piece arrives.',
  badConfirmToken:
    'This confirmation link is not valid or has expired. Please ask again from the page of the piece.',
  unsubscribed: 'You will not hear from us about new pieces any more.',
  badToken: 'This unsubscribe link is not valid.',
} as const

/** "12 people are waiting for bangles" (the dashboard, the product form). */
export function waitingWords(waiting: number, category: string): string {
  if (waiting === 0) return `Nobody is waiting for ${category} yet`
  return `${waiting.toLocaleString('en-US')} ${waiting === 1 ? 'person is' : 'people are'} waiting for ${category}`
}
