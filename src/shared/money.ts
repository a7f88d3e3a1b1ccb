// Money travels as integer cents everywhere; these are the only two conversions, so rounding
// and formatting happen one way across the storefront, the back office and the server.

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/** 15000 -> '$150.00' */
export function formatCents(cents: number): string {
  return usd.format(cents / 100)
}

/** Dollars typed by a person to integer cents; rounding absorbs float error (19.99 * 100 = 1998.99...). */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100)
}

/** Cents to the number a dollar input shows: 1999 -> 19.99. */
export function centsToDollars(cents: number): number {
  return cents / 100
}
