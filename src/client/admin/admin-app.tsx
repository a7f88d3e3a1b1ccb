import { Navigate, Route, Routes } from 'react-router'
import { DeferredToaster } from '../ui/deferred-toaster'
import { TooltipProvider } from '../ui/tooltip'
import { AdminGuard } from './admin-guard'
import { AdminLoginPage } from './admin-login-page'
import { AdminShell } from './admin-shell'
import { SectionPage } from './section-page'
import { ADMIN_SECTIONS } from './sections'

/** The back office: its own lazy chunk, never downloaded by shoppers. */
export default function AdminApp() {
  return (
    <TooltipProvider>
      <Routes>
        <Route index element={<AdminLoginPage />} />
        <Route element={<AdminGuard />}>
          <Route element={<AdminShell />}>
            {ADMIN_SECTIONS.map((section) => (
              <Route key={section.path} path={section.path} element={<SectionPage section={section} />} />
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

function AdminNotFound() {
  return (
    <div className="py-20 text-center">
      <h1 className="font-display text-4xl">Page Not Found</h1>
      <p className="mt-3 text-ink-muted">This back-office page does not exist.</p>
    </div>
  )
}
