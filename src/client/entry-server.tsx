import { PassThrough } from 'node:stream'
import { dehydrate, QueryClientProvider, type QueryKey } from '@tanstack/react-query'
import { type ReactNode, StrictMode } from 'react'
import { renderToPipeableStream } from 'react-dom/server'
import { matchRoutes, StaticRouter } from 'react-router'
import type { RenderFunction, RenderOptions } from '../shared/ssr'
import { App } from './app'
import { renderHead } from './lib/head'
import type { PageContext, PageHandle } from './lib/page'
import { createQueryClient, keyToUrl, queries, shellQueries } from './lib/queries'
import { routes } from './routes'

export const render: RenderFunction = async ({ url, origin, fetchJson, anonymous }) => {
  const queryClient = createQueryClient({ forRender: true })
  const { pathname, search } = new URL(url, 'http://localhost')

  // /products/12 is an old form of /product/12 (DESIGN.md §4).
  const legacyProduct = /^\/products\/(\d+)\/?$/.exec(pathname)
  if (legacyProduct)
    return { status: 301, redirect: `/product/${legacyProduct[1]}`, head: '', state: () => null }

  const leaf = matchRoutes(routes, pathname)?.at(-1)
  const handle = leaf?.route.handle as PageHandle | undefined
  const context: PageContext = { params: leaf?.params ?? {}, search: new URLSearchParams(search), origin }

  await handle?.load?.(pathname)
  const wanted = [...shellQueries({ perVisitor: !anonymous }), ...(handle?.prefetch?.(context) ?? [])]
  const fetchInto = async (queryKey: readonly unknown[]) => {
    const { status, body } = await fetchJson(keyToUrl(queryKey as QueryKey))
    if (status < 300) queryClient.setQueryData(queryKey, body)
    else if (status === 401 && queryKey[0] === queries.auth().queryKey[0])
      queryClient.setQueryData(queryKey, null)
    return status < 300 ? body : undefined
  }
  await Promise.all(wanted.map(({ queryKey }) => fetchInto(queryKey)))
  if (!anonymous) await handle?.prefetchAfter?.({ ...context, pathname }, queryClient, fetchInto)

  const redirect = await handle?.redirect?.(context, queryClient)
  if (redirect) return { status: 302, redirect, head: '', state: () => null }

  const page = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <StaticRouter location={pathname + search}>
          <App />
        </StaticRouter>
      </QueryClientProvider>
    </StrictMode>
  )
  const storeName = queryClient.getQueryData(queries.store().queryKey)?.name ?? 'Jade Shop'
  const meta = handle?.meta(context, queryClient) ?? { title: storeName, description: '' }
  return {
    status: handle?.status?.(context, queryClient) ?? 200,
    head: renderHead(meta, storeName, origin, pathname),
    // A back-office screen comes whole: its data is the point of the page, and a part moved out of
    // the shell would wait for an inline script (and React's pacing of reveals) to be seen.
    stream: (options) => streamMarkup(page, options, { whole: /^\/admin(\/|$)/i.test(pathname) }),
    state: () => dehydrate(queryClient),
  }
}

// A render that has not finished by then is cut short: what is left renders in the browser.
const RENDER_TIMEOUT_MS = 10_000

function streamMarkup(page: ReactNode, { wait, nonce, onError }: RenderOptions, { whole = false } = {}) {
  return new Promise<NodeJS.ReadableStream>((resolve, reject) => {
    const markup = new PassThrough()
    let timer: ReturnType<typeof setTimeout> | undefined
    const start = () => {
      pipe(markup)
      resolve(markup)
    }
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      // React moves a large part out of the shell, to be swapped in by an inline script, so the
      // top of the page paints first. A whole render (for the cache) has no nonce: kept in place.
      ...(wait === 'all' || whole ? { progressiveChunkSize: Number.POSITIVE_INFINITY } : {}),
      onShellReady: wait === 'shell' ? start : undefined,
      onAllReady: wait === 'all' ? start : undefined,
      onShellError: (error) => {
        clearTimeout(timer)
        reject(error)
      },
      onError: (error) => onError?.(error),
    })
    timer = setTimeout(() => abort(), RENDER_TIMEOUT_MS)
    markup.on('close', () => clearTimeout(timer))
  })
}
