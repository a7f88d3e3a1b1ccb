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
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
)
