// Dates as the shop writes them, on the shop's clock: STORE_TIMEZONE, which the server reads from
// its configuration and the browser from the public store info (useShopTimeZone). Neither the
// server machine's zone nor the reader's device's is ever used, so an e-mail, an invoice, a CSV
// and a page give one instant the same day, and a server-rendered page hydrates without a
// mismatch near midnight. Intl only: no date library, no Node or DOM APIs.
//
// The one date module, in four files so that a storefront page loads only what it shows (the
// first-load budget): this one, an instant's day (the Journal, the reviews, the invoices);
// date-time.ts, an instant's day and time for people (pages, e-mails); calendar.ts, the shop's
// days as 'YYYY-MM-DD' (due dates, report periods); wall-time.ts, the wall clock (which day it is
// in the shop, the times the owner types, CSV cells).
//
// Formatting an unreadable date gives '' (a page shows nothing rather than 'Invalid Date');
// computing with one (a wall time, a day) throws a RangeError.

/** STORE_TIMEZONE's default: the zone dates are read in when the shop's is not known (yet). */
export const DEFAULT_SHOP_TIME_ZONE = 'America/Chicago'

/** An instant as the database (Date) or the API (ISO 8601 text) hands it over. */
export type Instant = Date | string

const formatters = new Map<string, Intl.DateTimeFormat>()

/**
 * One formatter per style and zone, made once: building an Intl.DateTimeFormat costs far more
 * than formatting with it, and the mail worker and the server's pages format dates by the
 * hundred. A missing zone is the default shop zone; one this runtime does not know (an older
 * browser's) reads as UTC rather than throwing.
 */
export function formatter(
  style: string,
  timeZone: string | undefined,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const zone = timeZone || DEFAULT_SHOP_TIME_ZONE
  const key = `${style} ${zone}`
  let format = formatters.get(key)
  if (!format) {
    const make = (timeZone: string) => new Intl.DateTimeFormat('en-US', { ...options, timeZone })
    try {
      format = make(zone)
    } catch {
      format = make('UTC')
    }
    formatters.set(key, format)
  }
  return format
}

/** The instant as a Date, or undefined when it cannot be read. */
export function readable(at: Instant): Date | undefined {
  const date = new Date(at)
  return Number.isNaN(date.getTime()) ? undefined : date
}

/**
 * The day of an instant: 'Mar 4, 2025'; `long`, as a letter or an invoice dates itself:
 * 'March 4, 2025'.
 */
export function formatDate(at: Instant, timeZone: string | undefined, { long = false } = {}): string {
  const date = readable(at)
  return date
    ? formatter(long ? 'long-date' : 'date', timeZone, {
        month: long ? 'long' : 'short',
        day: 'numeric',
        year: 'numeric',
      }).format(date)
    : ''
}
