import { Navigate, Route, Routes } from 'react-router'
import { DeferredToaster } from '../ui/deferred-toaster'
import { TooltipProvider } from '../ui/tooltip'
import { AdminGuard } from './admin-guard'
import { AdminLoginPage } from './admin-login-page'
import { AdminNotFound } from './admin-not-found'
import { AdminShell } from './admin-shell'
import { SectionGate } from './section-gate'
import { ADMIN_SECTIONS, sectionOf } from './sections'

export { adminRedirect } from './server-redirect'

/**
 * The opened screen's code, loaded before the server renders the page and before the browser
 * hydrates it (its route's handle, admin-route.tsx), so neither waits on it mid-render.
 */
export const loadScreen = (pathname: string) => sectionOf(pathname)?.page.load()

/** The back office: its own lazy chunk, never downloaded by shoppers; each page a chunk of its own. */
export default function AdminApp() {
  return (
    <TooltipProvider>
      <Routes>
        <Route index element={<AdminLoginPage />} />
        <Route element={<AdminGuard />}>
          <Route element={<AdminShell />}>
            {ADMIN_SECTIONS.map((section) => (
              <Route
                key={section.path}
                path={`${section.path}/*`}
                element={<SectionGate section={section} />}
              />
            ))}
            <Route path="*" element={<AdminNotFound />} />
          </Route>
        </Route>
        <Route path="" element={<Navigate to="/admin" replace />} />
      </Routes>
      <DeferredToaster />
    </TooltipProvider>
  )
}
