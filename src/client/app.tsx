import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { matchRoutes, useLocation, useRoutes } from 'react-router'
import { fullTitle } from './lib/head'
import type { PageHandle } from './lib/page'
import { queries } from './lib/queries'
import { routes } from './routes'

export function App() {
  const element = useRoutes(routes)
  useRouteEffects()
  return element
}

/** On every navigation: scroll to the top and update the title (the server wrote the first one). */
function useRouteEffects() {
  const location = useLocation()
  const queryClient = useQueryClient()
  useEffect(() => {
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' })
    const leaf = matchRoutes(routes, location.pathname)?.at(-1)
    const handle = leaf?.route.handle as PageHandle | undefined
    if (!leaf || !handle) return
    const meta = handle.meta(
      { params: leaf.params, search: new URLSearchParams(location.search) },
      queryClient,
    )
    const storeName = queryClient.getQueryData(queries.store().queryKey)?.name ?? 'Jade Shop'
    document.title = fullTitle(meta, storeName)
    document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description)
  }, [location.pathname, location.search, queryClient])
}
