import { useQuery } from '@tanstack/react-query'
import { format } from 'date-fns'
import { queries } from './queries'
import { shortDate } from './short-date'

export interface DateOptions {
  /**
   * An IANA zone to read the instant in (the back office passes STORE_TIMEZONE, so a traveling
   * owner sees the times the CSV exports and the shop's calendar use); the reader's own zone
   * without it.
   */
  timeZone?: string
  /** Adds the zone's abbreviation ('CST'), where a time is read against other clocks. */
  zoneName?: boolean
}

const validDate = (iso: string) => {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? undefined : date
}

/** The parts of an instant in `timeZone`, with the spec's pattern's names. */
function zonedParts(date: Date, timeZone: string, withTime: boolean) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    ...(withTime ? { hour: 'numeric', minute: '2-digit', hour12: true, timeZoneName: 'short' } : {}),
  }).formatToParts(date)
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? ''
  return {
    day: `${part('month')} ${part('day')}, ${part('year')}`,
    time: `${part('hour')}:${part('minute')} ${part('dayPeriod')}`,
    zone: part('timeZoneName'),
  }
}

/**
 * The one date format of the shop (storefront.md §9, back-office.md: 'MMM d, yyyy h:mm a'),
 * e.g. 'Mar 4, 2025 2:05 PM' (with `zoneName`, 'Mar 4, 2025 2:05 PM CST'); an unreadable date
 * shows nothing rather than 'Invalid Date'.
 */
export function formatDateTime(iso: string, options: DateOptions = {}): string {
  const date = validDate(iso)
  if (!date) return ''
  const timeZone = safeZone(options.timeZone)
  if (!timeZone) return format(date, options.zoneName ? 'MMM d, yyyy h:mm a zzz' : 'MMM d, yyyy h:mm a')
  const parts = zonedParts(date, timeZone, true)
  return `${parts.day} ${parts.time}${options.zoneName ? ` ${parts.zone}` : ''}`
}

/** A day without the time, e.g. 'Mar 4, 2025'; '' when unreadable. */
export function formatDate(iso: string, options: Pick<DateOptions, 'timeZone'> = {}): string {
  const date = validDate(iso)
  if (!date) return ''
  const timeZone = safeZone(options.timeZone)
  return timeZone ? zonedParts(date, timeZone, false).day : shortDate(iso)
}

/** A calendar day of the shop ('yyyy-MM-dd', a due date), e.g. 'Mar 4, 2025', whatever the reader's zone. */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number)
  if (!year || !month || !date) return ''
  return format(new Date(year, month - 1, date), 'MMM d, yyyy')
}

/** A zone this browser knows; an unknown one falls back to the reader's own rather than throwing. */
function safeZone(timeZone: string | undefined): string | undefined {
  if (!timeZone) return undefined
  try {
    new Intl.DateTimeFormat('en-US', { timeZone })
    return timeZone
  } catch {
    return undefined
  }
}

/** The shop's time zone (STORE_TIMEZONE, from the public store info) for the back office's dates. */
export function useShopTimeZone(): string | undefined {
  return useQuery(queries.store()).data?.timeZone
}
