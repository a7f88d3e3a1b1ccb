import { useQuery } from '@tanstack/react-query'
import { MailPlus, RotateCw, Trash2 } from 'lucide-react'
import { useMemo, useState } from 'react'
import type { Invitation, RoleAnswer } from '../../../shared/staff/admin-contract'
import { useFailureToast } from '../../lib/use-failure-toast'
import { Badge } from '../../ui/badge'
import { Button } from '../../ui/button'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { DataTable, type DataTableColumn, dataTableColumns } from '../../ui/data-table'
import { EmptyState } from '../../ui/empty-state'
import { ShopTime } from '../../ui/shop-time'
import { staffQueries, useResendInvitation, useWithdrawInvitation } from './api'
import { roleLabel } from './permission-groups'

const column = dataTableColumns<Invitation>()

function invitationColumns(
  roles: RoleAnswer[] | undefined,
  busy: number | undefined,
  resend: (invitation: Invitation) => void,
  withdraw: (invitation: Invitation) => void,
): DataTableColumn<Invitation>[] {
  return column.columns([
    column.accessor('email', {
      header: 'Email',
      meta: { role: 'primary' },
      cell: ({ getValue }) => (
        <span className="font-medium text-ink [overflow-wrap:anywhere]">{getValue()}</span>
      ),
    }),
    column.accessor('role', { header: 'Role', cell: ({ getValue }) => roleLabel(getValue(), roles) }),
    column.accessor('invitedBy', { header: 'Invited by', cell: ({ getValue }) => getValue() ?? '—' }),
    column.accessor('expiresAt', {
      header: 'Expires',
      cell: ({ getValue }) => {
        const at = getValue()
        // An expired invitation stays listed until it is resent or withdrawn.
        return new Date(at).getTime() <= Date.now() ? (
          <Badge variant="sold">Expired</Badge>
        ) : (
          <ShopTime iso={at} />
        )
      },
    }),
    column.display({
      id: 'actions',
      meta: { role: 'actions', label: 'Actions' },
      cell: ({ row }) => {
        const invitation = row.original
        return (
          <div className="inline-flex flex-wrap justify-end gap-1">
            <Button
              variant="ghost"
              size="sm"
              disabled={busy === invitation.id}
              onClick={() => resend(invitation)}
            >
              <RotateCw className="size-3.5" aria-hidden /> Resend
              <span className="sr-only"> to {invitation.email}</span>
            </Button>
            <Button variant="ghost" size="sm" onClick={() => withdraw(invitation)}>
              <Trash2 className="size-3.5" aria-hidden /> Withdraw
              <span className="sr-only"> the invitation of {invitation.email}</span>
            </Button>
          </div>
        )
      },
    }),
  ])
}

/** Invitations sent and not yet accepted, with a new link or a withdrawal for each. */
export function InvitationsList({
  roles,
  onInvite,
}: {
  roles: RoleAnswer[] | undefined
  onInvite: () => void
}) {
  const query = useQuery(staffQueries.invitations())
  const resend = useResendInvitation()
  const withdraw = useWithdrawInvitation()
  const [withdrawing, setWithdrawing] = useState<Invitation>()
  useFailureToast('Could not load the invitations', query.error)
  const busy = resend.isPending ? resend.variables : undefined
  const columns = useMemo(
    () => invitationColumns(roles, busy, (invitation) => resend.mutate(invitation.id), setWithdrawing),
    [roles, busy, resend.mutate],
  )

  return (
    <>
      <DataTable
        caption="Pending invitations"
        noun={{ one: 'invitation', other: 'invitations' }}
        columns={columns}
        data={query.data?.items}
        getRowId={(invitation) => String(invitation.id)}
        total={query.data?.total ?? 0}
        page={1}
        pageSize={200}
        onPageChange={() => {}}
        skeletonRows={2}
        empty={
          <EmptyState
            className="py-8"
            icon={<MailPlus className="size-7" aria-hidden />}
            title="No pending invitations"
            description="Invitations you send wait here until they are accepted."
            action={
              <Button variant="secondary" onClick={onInvite}>
                Invite a member
              </Button>
            }
          />
        }
      />
      <ConfirmDialog
        open={!!withdrawing}
        onOpenChange={(open) => !open && setWithdrawing(undefined)}
        title="Withdraw the invitation?"
        description={`The link sent to ${withdrawing?.email ?? 'this address'} stops working at once. You can invite them again later.`}
        confirmLabel="Withdraw"
        pendingLabel="Withdrawing…"
        destructive
        onConfirm={() => withdraw.mutateAsync(withdrawing!.id)}
      />
    </>
  )
}
