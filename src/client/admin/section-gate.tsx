import { LockKeyhole } from 'lucide-react'
import { Link, Navigate } from 'react-router'
import { firstMissing, missingPermissionMessage, type Permission } from '../../shared/staff/permissions'
import { Button } from '../ui/button'
import { EmptyState } from '../ui/empty-state'
import { useAccess } from './access'
import type { AdminSection } from './sections'

/** Where a member who must turn on two-factor sign-in is sent, whatever they opened. */
export const TWO_FACTOR_SETUP_PATH = '/admin/profile?tab=two-factor'

/**
 * One back-office section, if the member's role may open it: otherwise a calm page saying what the
 * role lacks (a typed address or an old bookmark, never a link the navigation showed).
 */
export function SectionGate({ section }: { section: AdminSection }) {
  const { me, mustSetUpTwoFactor } = useAccess()
  if (mustSetUpTwoFactor && section.path !== 'profile') return <Navigate to={TWO_FACTOR_SETUP_PATH} replace />
  const missing = me ? firstMissing(section.permission, me.permissions) : undefined
  if (!me || missing) return <NotAllowed missing={missing} />
  const Page = section.page
  return <Page />
}

function NotAllowed({ missing }: { missing: Permission | undefined }) {
  return (
    <EmptyState
      level={1}
      className="py-20"
      icon={<LockKeyhole className="size-7" aria-hidden />}
      title="Not part of your role"
      description={
        missing === undefined
          ? 'This page is for members of the shop.'
          : `${missingPermissionMessage(missing)}. The shop's Owner can change your role.`
      }
      action={
        <Button asChild>
          <Link to="/admin/dashboard">Go to the Dashboard</Link>
        </Button>
      }
    />
  )
}
