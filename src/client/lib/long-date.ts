// One formatter per time zone, made once: building an Intl.DateTimeFormat costs far more than
// formatting with it, and the server formats these dates on every render of the pages that show them.
const formatters = new Map<string, Intl.DateTimeFormat>()

/**
 * A day as people write it, "May 4, 2031", in the shop's time zone: the server and the browser
 * print the same day, whatever the reader's clock says (no hydration mismatch near midnight).
 * Intl only (no date library): the Journal's pages are on shoppers' first loads.
 */
export function formatLongDate(iso: string, timeZone = 'America/Chicago'): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  let format = formatters.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone })
    formatters.set(timeZone, format)
  }
  return format.format(date)
}
