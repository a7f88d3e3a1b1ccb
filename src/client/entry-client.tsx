import { hydrate, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { BrowserRouter, matchRoutes } from 'react-router'
import { App } from './app'
import type { PageHandle } from './lib/page'
import { createQueryClient } from './lib/queries'
import { routes } from './routes'

const queryClient = createQueryClient()
const stateElement = document.getElementById('__QUERY_STATE__')
if (stateElement?.textContent) hydrate(queryClient, JSON.parse(stateElement.textContent))

// The current page's chunk first, so hydration finds the component the server rendered.
const leaf = matchRoutes(routes, window.location.pathname)?.at(-1)
await (leaf?.route.handle as PageHandle | undefined)?.load?.(window.location.pathname)

hydrateRoot(
  document.getElementById('root')!,
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      {/* Synchronous navigation: leaving a page and signing out land in one render, so guards never
          see "signed out" while still on a protected page. */}
      <BrowserRouter useTransitions={false}>
        <App />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
)
