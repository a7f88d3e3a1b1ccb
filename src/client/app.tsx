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
  // Marks the page interactive: end-to-end tests wait for it before clicking server-rendered buttons.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return element
}

/** On every navigation: scroll to the top and update the title (the server wrote the first one). */
function useRouteEffects() {
  const location = useLocation()
  const queryClient = useQueryClient()
  // A new page starts at the top; a filter change on the same page keeps the visitor's place.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on page changes only
  useEffect(() => {
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' })
  }, [location.pathname])

  useEffect(() => {
    const leaf = matchRoutes(routes, location.pathname)?.at(-1)
    const handle = leaf?.route.handle as PageHandle | undefined
    if (!leaf || !handle) return
    const context = {
      params: leaf.params,
      search: new URLSearchParams(location.search),
      origin: window.location.origin,
    }
    const meta = handle.meta(context, queryClient)
    const storeName = queryClient.getQueryData(queries.store().queryKey)?.name ?? 'Jade Shop'
    document.title = fullTitle(meta, storeName)
    document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description)
  }, [location.pathname, location.search, queryClient])
}
