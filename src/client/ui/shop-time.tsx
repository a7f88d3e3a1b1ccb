import { formatDateTime } from '../../shared/shop-dates/date-time'
import { formatDate } from '../../shared/shop-dates/format'
import { useShopTimeZone } from '../lib/shop-time-zone'

/**
 * An instant as the back office shows it: in the shop's zone (STORE_TIMEZONE), whatever zone the
 * owner's device is in, and named ("2:33 PM CST"): a member on the road reads every time against
 * the shop's clock. A date alone carries the full time in its tooltip.
 */
export function ShopTime({
  iso,
  dateOnly = false,
  zoneName = true,
  className,
}: {
  iso: string
  dateOnly?: boolean
  zoneName?: boolean
  className?: string
}) {
  const timeZone = useShopTimeZone()
  const full = formatDateTime(iso, timeZone, { zoneName: true })
  return (
    <time dateTime={iso} title={dateOnly || !zoneName ? full : undefined} className={className}>
      {dateOnly ? formatDate(iso, timeZone) : formatDateTime(iso, timeZone, { zoneName })}
    </time>
  )
}
