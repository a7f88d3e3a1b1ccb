import { useQuery } from '@tanstack/react-query'
import { UserPlus } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { Button } from '../../ui/button'
import { PageHeader } from '../page-header'
import { staffQueries } from './api'
import { InvitationsList } from './invitations-list'
import { InviteDialog } from './invite-dialog'
import { RolesSection } from './roles-section'
import { TeamList } from './team-list'

function Section({
  id,
  title,
  description,
  children,
}: {
  id: string
  title: string
  description: string
  children: ReactNode
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-10 first:mt-0">
      <h2 id={`${id}-heading`} className="font-display text-2xl text-ink">
        {title}
      </h2>
      <p className="mt-1 mb-4 text-sm text-ink-muted">{description}</p>
      {children}
    </section>
  )
}

/** /admin/staff: the team, the invitations on their way, and the roles (issue 35). */
export function StaffPage() {
  const roles = useQuery(staffQueries.roles()).data?.items
  const members = useQuery(staffQueries.staff()).data
  const [inviting, setInviting] = useState(0)
  const invite = () => setInviting(Date.now())

  return (
    <>
      <PageHeader
        title="Staff"
        description={
          members
            ? `${members.total} ${members.total === 1 ? 'member' : 'members'}. Each sees and does only what their role allows.`
            : 'The people who help you run the shop, and what each may do.'
        }
        actions={
          <Button onClick={invite}>
            <UserPlus className="size-4" aria-hidden /> Invite a member
          </Button>
        }
      />
      <Section
        id="team"
        title="Team"
        description="Changing a role or deactivating a member takes effect at once."
      >
        <TeamList />
      </Section>
      <Section
        id="invitations"
        title="Pending invitations"
        description="Each link works once, within 72 hours. Resending makes a new link and stops the old one."
      >
        <InvitationsList roles={roles} onInvite={invite} />
      </Section>
      <Section id="roles" title="Roles" description="What each role may see and do in the back office.">
        <RolesSection />
      </Section>
      {inviting > 0 && (
        <InviteDialog key={inviting} open onOpenChange={(open) => !open && setInviting(0)} roles={roles} />
      )}
    </>
  )
}
