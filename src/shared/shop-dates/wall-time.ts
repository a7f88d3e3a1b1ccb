import { dayStart } from './calendar'
import { formatter, type Instant, readable } from './format'

// The wall clock in the shop's zone (see format.ts): which day it is in the shop, the date and
// time the owner types in a field, and a spreadsheet's date and time.

export interface WallTime {
  /** YYYY-MM-DD */
  date: string
  /** HH:mm, 24-hour */
  time: string
}

/** The zero-padded wall-clock fields of an instant in a zone; a RangeError for an unreadable one. */
export function wallParts(at: Instant, timeZone: string | undefined) {
  const date = readable(at)
  if (!date) throw new RangeError(`Not a date: ${String(at)}`)
  const parts = formatter('wall', timeZone, {
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(date)
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? ''
  return {
    year: part('year').padStart(4, '0'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  }
}

/** How far the zone's clock is ahead of UTC at this instant, in milliseconds. */
function offsetAt(ms: number, timeZone: string): number {
  const p = wallParts(new Date(ms), timeZone)
  const wall = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second)
  return wall - Math.floor(ms / 1000) * 1000
}

/**
 * The instant a wall-clock time in `timeZone` names. In the hour a spring change skips, the time
 * is read with the offset before the change (2:30 becomes 3:30); in the hour an autumn change
 * repeats, the first of the two. A RangeError when the date or the time is not one.
 */
export function wallTimeToInstant({ date, time }: WallTime, timeZone: string): Date {
  const day = dayStart(date)
  const clock = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time)
  if (day === undefined || !clock) throw new RangeError(`Not a wall-clock time: ${date} ${time}`)
  const asUtc = day + Number(clock[1]) * 3600_000 + Number(clock[2]) * 60_000
  // The zone's offsets half a day either side cover any clock change near this time.
  const HALF_DAY = 12 * 60 * 60_000
  const before = asUtc - offsetAt(asUtc - HALF_DAY, timeZone)
  const after = asUtc - offsetAt(asUtc + HALF_DAY, timeZone)
  const valid = [before, after].filter((instant) => asUtc - instant === offsetAt(instant, timeZone))
  return new Date(valid.length > 0 ? Math.min(...valid) : before)
}

/** The shop's day ('YYYY-MM-DD') at an instant, by default now: "today" for due dates and reports. */
export function dayIn(timeZone: string | undefined, at: Instant = new Date()): string {
  const p = wallParts(at, timeZone)
  return `${p.year}-${p.month}-${p.day}`
}

/** The wall-clock date and time of an instant in `timeZone`; a RangeError for an unreadable one. */
export function instantToWallTime(at: Instant, timeZone: string): WallTime {
  const p = wallParts(at, timeZone)
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` }
}

/** A spreadsheet's date and time, which sorts as text and reads in any locale: '2025-03-04 14:05'. */
export function formatCsvDateTime(at: Instant, timeZone: string | undefined): string {
  if (!readable(at)) return ''
  const p = wallParts(at, timeZone)
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`
}
