import { formatDate, formatDateTime, useShopTimeZone } from '../lib/dates'

/**
 * An instant as the back office shows it: in the shop's zone (STORE_TIMEZONE), whatever zone the
 * owner's device is in; `zoneName` adds its abbreviation where times are compared with others.
 */
export function ShopTime({
  iso,
  dateOnly = false,
  zoneName = false,
  className,
}: {
  iso: string
  dateOnly?: boolean
  zoneName?: boolean
  className?: string
}) {
  const timeZone = useShopTimeZone()
  const full = formatDateTime(iso, { timeZone, zoneName: true })
  return (
    <time dateTime={iso} title={dateOnly || !zoneName ? full : undefined} className={className}>
      {dateOnly ? formatDate(iso, { timeZone }) : formatDateTime(iso, { timeZone, zoneName })}
    </time>
  )
}
