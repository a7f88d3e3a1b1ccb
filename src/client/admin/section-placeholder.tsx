import { useLocation } from 'react-router'
import { EmptyState } from '../ui/empty-state'
import { PageHeader } from './page-header'
import { ADMIN_SECTIONS } from './sections'

/** A page whose feature has not landed yet: the shell names it rather than showing nothing. */
export function SectionPlaceholder() {
  const { pathname } = useLocation()
  const section = ADMIN_SECTIONS.find((candidate) => pathname.startsWith(`/admin/${candidate.path}`))
  if (!section) return null
  const Icon = section.icon
  return (
    <>
      <PageHeader title={section.label} description={section.description} />
      <EmptyState
        icon={<Icon className="size-7" aria-hidden />}
        title="Coming soon"
        description="This part of the back office is being built."
      />
    </>
  )
}
