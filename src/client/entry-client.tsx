import './styles.css'
import { hydrate, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import { App } from './app'
import { createQueryClient } from './lib/queries'

const queryClient = createQueryClient()
const stateElement = document.getElementById('__QUERY_STATE__')
if (stateElement?.textContent) hydrate(queryClient, JSON.parse(stateElement.textContent))

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
