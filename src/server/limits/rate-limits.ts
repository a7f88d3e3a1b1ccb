// Here, not in http/: the routes declare these limits, and sign-in (a service) counts its attempts
// against the login route's own limit, in the same statement that finds the account.

/** Per-route limits: attempts per window, by client address. */
export const RATE_LIMITS = {
  login: { max: 10, timeWindow: 5 * 60_000 },
  register: { max: 10, timeWindow: 60 * 60_000 },
  passwordReset: { max: 5, timeWindow: 60 * 60_000 },
  form: { max: 10, timeWindow: 10 * 60_000 },
  // Each invitation is an e-mail the shop sends to an address the inviter typed (issue 35).
  staffInvitation: { max: 30, timeWindow: 60 * 60_000 },
  // The invitation's page: a token is tried a few times at most by the person it was sent to.
  invitationLink: { max: 30, timeWindow: 10 * 60_000 },
  upload: { max: 30, timeWindow: 10 * 60_000 },
  // Every order reserves a one-of-a-kind piece and sends e-mails; every intent is a call to the
  // card provider. A shopper needs a handful; a script placing orders for sport needs more.
  checkout: { max: 20, timeWindow: 10 * 60_000 },
  paymentIntent: { max: 20, timeWindow: 10 * 60_000 },
  // The checkout summary asks again as the shopper changes the address or the cart.
  taxQuote: { max: 120, timeWindow: 10 * 60_000 },
  // A guest's order link (/order/:id?key=…): a shopper opens it a few times; the key is not
  // guessable, but order ids are, and every wrong try is counted all the same.
  orderAccess: { max: 30, timeWindow: 10 * 60_000 },
  // An unfinished-checkout reminder's link back to checkout: a shopper follows it a few times.
  reminderLink: { max: 30, timeWindow: 10 * 60_000 },
  // One-click unsubscribes (RFC 8058) come from a mail provider's few servers for all its users;
  // the token is unguessable, so the limit only stops a flood.
  unsubscribe: { max: 300, timeWindow: 10 * 60_000 },
} as const
