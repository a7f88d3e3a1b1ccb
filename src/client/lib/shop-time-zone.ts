import { useQuery } from '@tanstack/react-query'
import { queries } from './queries'

/**
 * The shop's time zone (STORE_TIMEZONE, from the public store info, which every page's shell
 * loads), for the dates of src/shared/shop-dates/; until it has come, they use the default shop
 * zone, never the reader's own. Pages a shopper can open read the same query inline
 * (`useQuery(queries.store()).data?.timeZone`): one chunk fewer in every page's preload list.
 */
export function useShopTimeZone(): string | undefined {
  return useQuery(queries.store()).data?.timeZone
}
