import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query'
import type { Me } from '../../shared/staff/admin-contract'
import { holds, meQuery } from './access'
import { sectionOf } from './sections'

/**
 * What the server renders into a back-office page besides the shell: the member's role
 * (/api/admin/me), then the first queries of the section they opened, if their role may open it.
 * The section's own `preload` names them, so the server fetches exactly what the screen asks for
 * under the same keys, and the browser starts with both instead of asking in turn.
 */
export async function prefetchFirstScreen(
  context: { pathname: string; search: URLSearchParams },
  userId: number,
  fetchInto: (queryKey: readonly unknown[]) => Promise<unknown>,
): Promise<void> {
  const me = (await fetchInto(meQuery(userId).queryKey)) as Me | undefined
  if (!me || me.twoFactorPending) return
  await Promise.all(
    firstScreenQueries(context.pathname, context.search, me.permissions).map(({ queryKey }) =>
      fetchInto(queryKey),
    ),
  )
}

/** The queries a section's `preload` would start in the browser, collected instead of run. */
export function firstScreenQueries(
  pathname: string,
  search: URLSearchParams,
  permissions: readonly string[],
): FetchQueryOptions[] {
  const section = sectionOf(pathname)
  if (!section?.preload || !holds(permissions, section.permission)) return []
  const wanted: FetchQueryOptions[] = []
  const collector = {
    prefetchQuery: (options: FetchQueryOptions) => {
      wanted.push(options)
      return Promise.resolve()
    },
  } as unknown as QueryClient
  section.preload(collector, search, permissions)
  return wanted
}
