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
