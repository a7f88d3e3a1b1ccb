import { dehydrate, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { matchRoutes, StaticRouter } from 'react-router'
import type { RenderFunction } from '../shared/ssr'
import { App } from './app'
import { renderHead } from './lib/head'
import type { PageContext, PageHandle } from './lib/page'
import { createQueryClient, keyToUrl, queries, shellQueries } from './lib/queries'
import { routes } from './routes'

export const render: RenderFunction = async ({ url, origin, fetchJson, anonymous }) => {
  const queryClient = createQueryClient()
  const { pathname, search } = new URL(url, 'http://localhost')

  // /products/12 is an old form of /product/12 (DESIGN.md §4).
  const legacyProduct = /^\/products\/(\d+)\/?$/.exec(pathname)
  if (legacyProduct)
    return { status: 301, redirect: `/product/${legacyProduct[1]}`, head: '', html: '', state: null }

  const leaf = matchRoutes(routes, pathname)?.at(-1)
  const handle = leaf?.route.handle as PageHandle | undefined
  const context: PageContext = { params: leaf?.params ?? {}, search: new URLSearchParams(search), origin }

  await handle?.load?.()
  const wanted = [...shellQueries({ perVisitor: !anonymous }), ...(handle?.prefetch?.(context) ?? [])]
  await Promise.all(
    wanted.map(async ({ queryKey }) => {
      const { status, body } = await fetchJson(keyToUrl(queryKey))
      if (status < 300) queryClient.setQueryData(queryKey, body)
      else if (status === 401 && queryKey[0] === queries.auth().queryKey[0])
        queryClient.setQueryData(queryKey, null)
    }),
  )

  const redirect = handle?.redirect?.(context, queryClient)
  if (redirect) return { status: 302, redirect, head: '', html: '', state: null }

  const html = renderToString(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <StaticRouter location={url}>
          <App />
        </StaticRouter>
      </QueryClientProvider>
    </StrictMode>,
  )
  const storeName = queryClient.getQueryData(queries.store().queryKey)?.name ?? 'Jade Shop'
  const meta = handle?.meta(context, queryClient) ?? { title: storeName, description: '' }
  return {
    status: handle?.status?.(context, queryClient) ?? 200,
    head: renderHead(meta, storeName, origin, pathname),
    html,
    state: dehydrate(queryClient),
  }
}
