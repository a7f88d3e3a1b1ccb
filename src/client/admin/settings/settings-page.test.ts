import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { Route, Routes, StaticRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { FEED_PATHS } from '../../../shared/settings/schema'
import { settingsQueries } from './api'
import { SettingsPage } from './settings-page'

// The back office is drawn on the server (issue 32), where there is no window: a feed's address
// is drawn there from its path, and the browser puts the shop's origin in after hydrating.
describe('the settings page on the server', () => {
  it("draws each feed that is on with its address, without the browser's window", () => {
    expect(typeof window).toBe('undefined')
    const queryClient = new QueryClient()
    queryClient.setQueryData(settingsQueries.feeds().queryKey, { google: true, meta: false })
    const html = renderToString(
      createElement(
        QueryClientProvider,
        { client: queryClient },
        createElement(
          StaticRouter,
          { location: '/admin/settings' },
          createElement(
            Routes,
            null,
            createElement(Route, { path: '/admin/settings/*', element: createElement(SettingsPage) }),
          ),
        ),
      ),
    )
    expect(html).toContain(`>${FEED_PATHS.google}</code>`)
    expect(html).not.toContain(FEED_PATHS.meta)
  })
})
