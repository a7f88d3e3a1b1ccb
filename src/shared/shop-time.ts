// Wall-clock times in the shop's time zone (STORE_TIMEZONE), as the owner types and reads them,
// whatever zone their own laptop is set to. Intl only: no Node or DOM APIs.

export interface WallTime {
  /** YYYY-MM-DD */
  date: string
  /** HH:mm, 24-hour */
  time: string
}

function wallParts(ms: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(ms))
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value)
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  }
}

/** How far the zone's clock is ahead of UTC at this instant, in milliseconds. */
function offsetAt(ms: number, timeZone: string): number {
  const p = wallParts(ms, timeZone)
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000
}

/**
 * The instant a wall-clock time in `timeZone` names. In the hour a spring change skips, the time
 * is read with the offset before the change (2:30 becomes 3:30); in the hour an autumn change
 * repeats, the first of the two.
 */
export function wallTimeToInstant({ date, time }: WallTime, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  const [hour, minute] = time.split(':').map(Number) as [number, number]
  const asUtc = Date.UTC(year, month - 1, day, hour, minute)
  // The zone's offsets half a day either side cover any clock change near this time.
  const HALF_DAY = 12 * 60 * 60_000
  const before = asUtc - offsetAt(asUtc - HALF_DAY, timeZone)
  const after = asUtc - offsetAt(asUtc + HALF_DAY, timeZone)
  const valid = [before, after].filter((instant) => asUtc - instant === offsetAt(instant, timeZone))
  return new Date(valid.length > 0 ? Math.min(...valid) : before)
}

/** The wall-clock date and time of an instant in `timeZone`. */
export function instantToWallTime(instant: Date | string, timeZone: string): WallTime {
  const p = wallParts(new Date(instant).getTime(), timeZone)
  const pad = (value: number) => String(value).padStart(2, '0')
  return { date: `${p.year}-${pad(p.month)}-${pad(p.day)}`, time: `${pad(p.hour)}:${pad(p.minute)}` }
}

/** "May 4, 2031, 9:00 AM CDT": an instant as the owner reads it, in the shop's zone. */
export function formatShopTime(instant: Date | string, timeZone: string): string {
  // dateStyle and timeStyle cannot be combined with timeZoneName: the fields are spelt out.
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(instant))
}
