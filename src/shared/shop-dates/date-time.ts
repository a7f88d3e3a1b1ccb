import { formatter, type Instant, readable } from './format'

// An instant's day and time on the shop's clock, written for people (see format.ts): the back
// office's tables, the shopper's orders, the e-mails' deadlines.

/**
 * The shop's date-and-time format (storefront.md: 'short month, day, year, hour and minute';
 * back-office.md: 'MMM d, yyyy h:mm a'), e.g. 'Mar 4, 2025 2:05 PM'; with `zoneName`, the
 * zone's abbreviation after it ('Mar 4, 2025 2:05 PM CST'), where a time may be read against
 * another clock.
 */
export function formatDateTime(
  at: Instant,
  timeZone: string | undefined,
  { zoneName = false }: { zoneName?: boolean } = {},
): string {
  const date = readable(at)
  if (!date) return ''
  const parts = formatter('date-time', timeZone, {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZoneName: 'short',
  }).formatToParts(date)
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? ''
  const text = `${part('month')} ${part('day')}, ${part('year')} ${part('hour')}:${part('minute')} ${part('dayPeriod')}`
  return zoneName ? `${text} ${part('timeZoneName')}` : text
}

/**
 * A moment the shopper must act by (a reservation's end) or a notice's time, as e-mails and
 * pages say it: 'Thursday, November 26 at 3:00 PM CST'.
 */
export function formatDeadline(at: Instant, timeZone: string | undefined): string {
  const date = readable(at)
  if (!date) return ''
  return (
    formatter('deadline', timeZone, {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    })
      .format(date)
      // Some ICU versions put a narrow no-break space before AM/PM: one text on every runtime.
      .replace(/\u202f/g, ' ')
  )
}
