import { formatDate, formatter } from './format'

// The shop's calendar (see format.ts): days as 'YYYY-MM-DD' (a due date, a report's period), which
// belong to no zone once known, so they are counted and written in UTC. Which day it is in the
// shop now is wall-time.ts's dayIn.

const DAY_MS = 24 * 60 * 60_000

/** A day's UTC midnight, or undefined when the text is not a day of the calendar. */
export function dayStart(day: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day)
  if (!match) return undefined
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const start = new Date(Date.UTC(year, month - 1, date))
  // 2026-02-30 would roll over into March: it is no day.
  return start.getUTCMonth() === month - 1 && start.getUTCDate() === date ? start.getTime() : undefined
}

function requireDay(day: string): number {
  const ms = dayStart(day)
  if (ms === undefined) throw new RangeError(`Not a day: ${day}`)
  return ms
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** `days` days after (or, negative, before) a day. */
export function addDays(day: string, days: number): string {
  return isoDay(requireDay(day) + days * DAY_MS)
}

/**
 * `months` months after (or before) a day, on the same day of the month, or on the month's last
 * day when it has fewer (Jan 31 + 1 month = Feb 28).
 */
export function addMonths(day: string, months: number): string {
  const start = new Date(requireDay(day))
  const year = start.getUTCFullYear()
  const month = start.getUTCMonth() + months
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  return isoDay(Date.UTC(year, month, Math.min(start.getUTCDate(), lastDay)))
}

/** A day, the same in every zone: '2026-03-01' → 'Mar 1, 2026'; `long`, 'March 1, 2026'. */
export function formatDay(day: string, { long = false } = {}): string {
  const ms = dayStart(day)
  return ms === undefined ? '' : formatDate(new Date(ms), 'UTC', { long })
}

/** A month, as a chart's axis names it: '2026-03' → 'Mar ’26'. */
export function formatMonth(month: string): string {
  const ms = dayStart(`${month}-01`)
  return ms === undefined
    ? ''
    : `${formatter('month', 'UTC', { month: 'short' }).format(ms)} ’${month.slice(2, 4)}`
}
