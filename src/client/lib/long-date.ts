/**
 * A day as people write it, "May 4, 2031", in the shop's time zone: the server and the browser
 * print the same day, whatever the reader's clock says (no hydration mismatch near midnight).
 * Intl only (no date library): the Journal's pages are on shoppers' first loads.
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
