// Without date-fns: a page that only shows days (the reviews) does not download it.
const SHORT_DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' })

/** A day in the reader's zone, e.g. 'Mar 4, 2025' (date-fns' 'MMM d, yyyy'); '' when unreadable. */
export function shortDate(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '' : SHORT_DATE.format(date)
}
