import { format } from 'date-fns'

/**
 * The one date format of the shop (storefront.md §9, back-office.md: 'MMM d, yyyy h:mm a'),
 * e.g. 'Mar 4, 2025 2:05 PM'; an unreadable date shows nothing rather than 'Invalid Date'.
 */
export function formatDateTime(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '' : format(date, 'MMM d, yyyy h:mm a')
}

/** A day without the time, e.g. 'Mar 4, 2025'; '' when unreadable. */
export function formatDate(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '' : format(date, 'MMM d, yyyy')
}

/**
 * A day as people write it, "May 4, 2031", in the shop's time zone: the server and the browser
 * print the same day, whatever the reader's clock says (no hydration mismatch near midnight).
 */
export function formatLongDate(iso: string, timeZone = 'America/Chicago'): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  return new Intl.DateTimeFormat('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone,
  }).format(date)
}
