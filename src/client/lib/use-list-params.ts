import { useCallback } from 'react'
import { useSearchParams } from 'react-router'

/**
 * A server-paged list's state, kept in the URL: a reload, the back button or a shared link shows
 * the same page, search, sort and filters. Changing anything but the page goes back to page 1.
 */
export function useListParams<Filter extends string = never>(filters: readonly Filter[] = []) {
  const [params, setParams] = useSearchParams()
  const page = Math.max(1, Number(params.get('page')) || 1)
  const search = params.get('search') ?? ''
  const sort = params.get('sort') ?? undefined
  const filterValues = Object.fromEntries(
    filters.map((name) => [name, params.get(name) ?? undefined]),
  ) as Record<Filter, string | undefined>

  const update = useCallback(
    (changes: Record<string, string | number | undefined>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current)
          for (const [name, value] of Object.entries(changes)) {
            if (value === undefined || value === '') next.delete(name)
            else next.set(name, String(value))
          }
          if (!('page' in changes)) next.delete('page')
          if (next.get('page') === '1') next.delete('page')
          return next
        },
        { replace: true },
      ),
    [setParams],
  )

  return {
    page,
    search,
    sort,
    filters: filterValues,
    setPage: (value: number) => update({ page: value }),
    setSearch: (value: string) => update({ search: value }),
    setSort: (value: string) => update({ sort: value }),
    setFilter: (name: Filter, value: string | undefined) => update({ [name]: value }),
    /** The API's query parameters for this state (undefined ones are left out of the URL). */
    query: { page: String(page), search: search || undefined, sort, ...filterValues },
  }
}
