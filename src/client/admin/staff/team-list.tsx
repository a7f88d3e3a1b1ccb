import { useQuery } from '@tanstack/react-query'
import { UserCheck, Users, UserX } from 'lucide-react'
import { useMemo, useState } from 'react'
import type { RoleAnswer, StaffMember } from '../../../shared/staff/admin-contract'
import { useAuth } from '../../lib/auth'
import { useFailureToast } from '../../lib/use-failure-toast'
import { Badge } from '../../ui/badge'
import { Button } from '../../ui/button'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { DataTable, type DataTableColumn, dataTableColumns } from '../../ui/data-table'
import { EmailAddress } from '../../ui/email-address'
import { EmptyState } from '../../ui/empty-state'
import { Select } from '../../ui/select'
import { ShopTime } from '../../ui/shop-time'
import { staffQueries, useUpdateMember } from './api'
import { roleLabel, roleSummary } from './permission-groups'

const column = dataTableColumns<StaffMember>()

/** "an Owner", "a Packer". */
const article = (label: string) => `${/^[aeiou]/i.test(label) ? 'an' : 'a'} ${label}`

interface Handlers {
  me: string | undefined
  roles: RoleAnswer[] | undefined
  busy: number | undefined
  /** A role chosen and not yet confirmed or saved: its member's select shows it meanwhile. */
  choice: { member: StaffMember; role: string } | undefined
  changeRole: (member: StaffMember, role: string) => void
  deactivate: (member: StaffMember) => void
  reactivate: (member: StaffMember) => void
}

function teamColumns({
  me,
  roles,
  busy,
  choice,
  changeRole,
  deactivate,
  reactivate,
}: Handlers): DataTableColumn<StaffMember>[] {
  return column.columns([
    column.accessor('username', {
      header: 'Member',
      meta: { role: 'primary' },
      cell: ({ row }) => (
        <span className="inline-flex flex-wrap items-center gap-2 font-medium text-ink">
          {row.original.username}
          {row.original.username === me && <Badge>You</Badge>}
          {/* On a phone's card the status sits beside the name; the table has its own column. */}
          {!row.original.active && (
            <Badge variant="draft" className="sm:hidden">
              Deactivated
            </Badge>
          )}
        </span>
      ),
    }),
    column.accessor('email', {
      header: 'Email',
      cell: ({ getValue }) => {
        const email = getValue()
        return email ? <EmailAddress address={email} /> : '—'
      },
    }),
    column.accessor('role', {
      header: 'Role',
      cell: ({ row }) => {
        const member = row.original
        // Until the roles have come, the member's own role is the one choice.
        const choices = roles ?? [{ name: member.role, label: roleLabel(member.role, roles) }]
        return (
          <Select
            aria-label={`Role of ${member.username}`}
            className="min-w-40 sm:w-44"
            value={choice?.member.id === member.id ? choice.role : member.role}
            disabled={busy === member.id}
            onChange={(event) => changeRole(member, event.target.value)}
          >
            {choices.map((role) => (
              <option key={role.name} value={role.name}>
                {role.label}
              </option>
            ))}
          </Select>
        )
      },
    }),
    column.accessor('twoFactorEnabled', {
      header: 'Two-factor',
      cell: ({ getValue }) =>
        getValue() ? <Badge variant="jade">On</Badge> : <Badge variant="neutral">Off</Badge>,
    }),
    column.accessor('lastSignInAt', {
      header: 'Last sign-in',
      cell: ({ getValue }) => {
        const at = getValue()
        return at ? <ShopTime iso={at} /> : <span className="text-ink-muted">Never</span>
      },
    }),
    column.accessor('active', {
      header: 'Status',
      meta: { hideOnCard: true },
      cell: ({ getValue }) =>
        getValue() ? <Badge variant="available">Active</Badge> : <Badge variant="draft">Deactivated</Badge>,
    }),
    column.display({
      id: 'actions',
      meta: { role: 'actions', label: 'Actions' },
      cell: ({ row }) => {
        const member = row.original
        return member.active ? (
          <Button variant="ghost" size="sm" disabled={busy === member.id} onClick={() => deactivate(member)}>
            <UserX className="size-3.5" aria-hidden /> Deactivate
            <span className="sr-only"> {member.username}</span>
          </Button>
        ) : (
          <Button variant="ghost" size="sm" disabled={busy === member.id} onClick={() => reactivate(member)}>
            <UserCheck className="size-3.5" aria-hidden /> Reactivate
            <span className="sr-only"> {member.username}</span>
          </Button>
        )
      },
    }),
  ])
}

/** The team: each member's role, second factor, last sign-in and whether they may sign in. */
export function TeamList() {
  const { user } = useAuth()
  const query = useQuery(staffQueries.staff())
  const roles = useQuery(staffQueries.roles()).data?.items
  const update = useUpdateMember()
  const [deactivating, setDeactivating] = useState<StaffMember>()
  // A role change is confirmed first: a keyboard's arrow keys change a closed select at once.
  const [choice, setChoice] = useState<{ member: StaffMember; role: string }>()
  useFailureToast('Could not load the team', query.error)
  const busy = update.isPending ? update.variables?.member.id : undefined
  const columns = useMemo(
    () =>
      teamColumns({
        me: user?.username,
        roles,
        busy,
        choice,
        changeRole: (member, role) => setChoice(role === member.role ? undefined : { member, role }),
        deactivate: setDeactivating,
        reactivate: (member) => update.mutate({ member, change: { active: true } }),
      }),
    [user?.username, roles, busy, choice, update.mutate],
  )
  const members = query.data?.items

  return (
    <>
      <DataTable
        caption="Team members"
        noun={{ one: 'member', other: 'members' }}
        columns={columns}
        data={members}
        getRowId={(member) => String(member.id)}
        total={query.data?.total ?? 0}
        page={1}
        pageSize={200}
        onPageChange={() => {}}
        skeletonRows={3}
        empty={
          <EmptyState
            icon={<Users className="size-7" aria-hidden />}
            title="No team yet"
            description="Invite the people who help you: each gets only what their role allows."
          />
        }
      />
      <ConfirmDialog
        open={!!choice}
        onOpenChange={(open) => !open && setChoice(undefined)}
        title={`Make ${choice?.member.username ?? 'this member'} ${article(choice ? roleLabel(choice.role, roles) : 'member')}?`}
        description={
          choice &&
          `From now on ${choice.member.username}’s role allows: ${roleSummary(roles?.find((role) => role.name === choice.role)?.permissions ?? [])}.`
        }
        confirmLabel="Change role"
        pendingLabel="Saving…"
        // A refusal (the last Owner, a role above one's own) leaves the list as the server has it.
        onConfirm={() => update.mutateAsync({ member: choice!.member, change: { role: choice!.role } })}
      />
      <ConfirmDialog
        open={!!deactivating}
        onOpenChange={(open) => !open && setDeactivating(undefined)}
        title={`Deactivate ${deactivating?.username ?? 'this member'}?`}
        description={`This ends their sessions at once: ${deactivating?.username ?? 'they'} can no longer sign in to the back office. Their account and history are kept, and you can reactivate them later.`}
        confirmLabel="Deactivate"
        pendingLabel="Deactivating…"
        destructive
        onConfirm={() => update.mutateAsync({ member: deactivating!, change: { active: false } })}
      />
    </>
  )
}
