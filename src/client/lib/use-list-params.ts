import { useCallback } from 'react'
import { useSearchParams } from 'react-router'

/**
 * A filter limited to `values`, the first of which is its default: a hand-edited URL shows the
 * default, and choosing the default leaves the filter out of the URL.
 */
export interface ListChoice<Value extends string> {
  values: readonly [Value, ...Value[]]
  value: Value
  set: (value: string) => void
}

/**
 * The API's query parameters for a list's URL (undefined ones are left out), as the page asks for
 * them: also read before the page's code has arrived, to fetch its first page alongside it.
 */
export function listQuery<Filter extends string = never>(
  params: URLSearchParams,
  filters: readonly Filter[] = [],
) {
  const page = Math.max(1, Number(params.get('page')) || 1)
  return {
    page: String(page),
    search: params.get('search') || undefined,
    sort: params.get('sort') ?? undefined,
    ...(Object.fromEntries(filters.map((name) => [name, params.get(name) ?? undefined])) as Record<
      Filter,
      string | undefined
    >),
  }
}

/** A filter limited to `values` (see ListChoice): the URL's value when it is one of them, else the first. */
export function oneOfValue<Value extends string>(
  params: URLSearchParams,
  name: string,
  values: readonly [Value, ...Value[]],
): Value {
  const current = params.get(name) ?? ''
  return (values as readonly string[]).includes(current) ? (current as Value) : values[0]
}

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
    /** Clears the search and these filters at once (an empty state's "Clear filters"). */
    clear: (...names: Filter[]) =>
      update({ search: undefined, ...Object.fromEntries(names.map((name) => [name, undefined])) }),
    /** A filter that takes one of `values` (a list's tabs, a period); see ListChoice. */
    oneOf: <Value extends string>(name: Filter, values: readonly [Value, ...Value[]]): ListChoice<Value> => {
      return {
        values,
        value: oneOfValue(params, name, values),
        set: (value: string) => update({ [name]: value === values[0] ? undefined : value }),
      }
    },
    /** The URL's parameters, for a page's query built by listQuery (the back office's preloads). */
    params,
    /** The API's query parameters for this state (undefined ones are left out of the URL). */
    query: listQuery(params, filters),
  }
}

/** A list's URL state, as the shared list parts (admin/list-*.tsx) take it. */
export type ListParams<Filter extends string = never> = ReturnType<typeof useListParams<Filter>>
