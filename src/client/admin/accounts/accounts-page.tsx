import { useQuery } from '@tanstack/react-query'
import { Landmark, ShieldCheck, ShieldOff, Trash2, UserSearch } from 'lucide-react'
import { useMemo, useState } from 'react'
import type { AdminUser } from '../../../shared/accounts/admin-contract'
import { ROLE_LABELS, roleOf, USER_SORT_LABELS, USER_SORTS } from '../../../shared/accounts/admin-schema'
import { displayName } from '../../../shared/accounts/users'
import { useAuth } from '../../lib/auth'
import { useFailureToast } from '../../lib/use-failure-toast'
import { useListParams } from '../../lib/use-list-params'
import { Badge } from '../../ui/badge'
import { Button } from '../../ui/button'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { type DataTableColumn, dataTableColumns } from '../../ui/data-table'
import { EmptyState } from '../../ui/empty-state'
import { IconAction } from '../../ui/icon-action'
import { ShopTime } from '../../ui/shop-time'
import { useAccess } from '../access'
import { ListTable } from '../list-table'
import { ListSelect, ListToolbar, SortSelect } from '../list-toolbar'
import { PageHeader } from '../page-header'
import { accountQueries, useDeleteUser, useSetAdmin } from './api'
import { TaxExemptionDialog } from './tax-exemption-dialog'

type Pending = { kind: 'role' | 'delete' | 'tax'; user: AdminUser }

// '' lifts the filter.
const ROLE_FILTERS = ['', 'admin', 'customer'] as const
const ROLE_FILTER_LABELS = { '': 'All roles', admin: 'Admins', customer: 'Customers' }

const column = dataTableColumns<AdminUser>()

/** What the member's role may do to an account: Make / Remove Admin, the tax exemption, delete. */
interface AccountRights {
  admin: boolean
  manage: boolean
}

function accountColumns(
  me: number | undefined,
  ask: (pending: Pending) => void,
  rights: AccountRights,
): DataTableColumn<AdminUser>[] {
  return column.columns([
    column.accessor('username', {
      header: 'Username',
      meta: { role: 'primary' },
      cell: ({ row }) => (
        <span className="inline-flex items-center gap-2 font-medium text-ink">
          {row.original.username}
          {row.original.id === me && <Badge>You</Badge>}
        </span>
      ),
    }),
    column.accessor('email', { header: 'Email', cell: ({ getValue }) => getValue() ?? '—' }),
    column.display({
      id: 'name',
      header: 'Name',
      cell: ({ row }) => {
        const { firstName, lastName } = row.original
        return [firstName, lastName].filter(Boolean).join(' ') || '—'
      },
    }),
    column.accessor('isAdmin', {
      header: 'Role',
      cell: ({ row }) => {
        const role = roleOf(row.original)
        return <Badge variant={role === 'admin' ? 'jade' : 'neutral'}>{ROLE_LABELS[role]}</Badge>
      },
    }),
    column.accessor('orderCount', { header: 'Orders', meta: { align: 'right' } }),
    column.accessor('createdAt', {
      header: 'Joined',
      cell: ({ getValue }) => <ShopTime iso={getValue()} dateOnly />,
    }),
    column.display({
      id: 'actions',
      meta: { role: 'actions', label: 'Actions' },
      cell: ({ row }) => {
        const user = row.original
        return (
          <div className="inline-flex flex-wrap justify-end gap-1">
            {rights.admin && (
              <Button variant="ghost" size="sm" onClick={() => ask({ kind: 'role', user })}>
                {user.isAdmin ? (
                  <>
                    <ShieldOff className="size-3.5" aria-hidden /> Remove Admin
                  </>
                ) : (
                  <>
                    <ShieldCheck className="size-3.5" aria-hidden /> Make Admin
                  </>
                )}
                <span className="sr-only"> ({user.username})</span>
              </Button>
            )}
            {rights.manage && (
              <IconAction
                label={`Tax exemption of ${user.username}`}
                tip="Tax exemption"
                onClick={() => ask({ kind: 'tax', user })}
              >
                <Landmark className="size-4" aria-hidden />
              </IconAction>
            )}
            {rights.manage && (
              <IconAction
                label={`Delete ${user.username}`}
                tip="Delete"
                onClick={() => ask({ kind: 'delete', user })}
              >
                <Trash2 className="size-4" aria-hidden />
              </IconAction>
            )}
          </div>
        )
      },
    }),
  ])
}

/** Every account, customers and administrators (back-office.md §2). */
export function AccountsPage() {
  const { user: me } = useAuth()
  const list = useListParams(['role'] as const)
  const roles = list.oneOf('role', ROLE_FILTERS)
  const query = useQuery(accountQueries.list(list.query))
  const setAdmin = useSetAdmin()
  const remove = useDeleteUser()
  const [pending, setPending] = useState<Pending>()
  useFailureToast('Failed to fetch accounts', query.error)
  const { can } = useAccess()
  const admin = can('staff:manage')
  const manage = can('customers:manage')
  const columns = useMemo(
    () => accountColumns(me?.id, setPending, { admin, manage }),
    [me?.id, admin, manage],
  )
  const target = pending?.user
  const promoting = pending?.kind === 'role' && !target?.isAdmin

  return (
    <>
      <PageHeader
        title="Accounts"
        description="Customers and administrators. Administrators can use this back office."
      />
      <ListToolbar list={list} label="Search accounts" placeholder="Search by username, email or name">
        <div className="flex gap-2">
          <ListSelect label="Role" choice={roles} labels={ROLE_FILTER_LABELS} className="sm:w-40" />
          <SortSelect list={list} sorts={USER_SORTS} labels={USER_SORT_LABELS} className="sm:w-44" />
        </div>
      </ListToolbar>
      <ListTable
        caption="Accounts"
        noun={{ one: 'account', other: 'accounts' }}
        columns={columns}
        list={list}
        query={query}
        empty={
          <EmptyState
            icon={<UserSearch className="size-7" aria-hidden />}
            title="No accounts found"
            description={
              list.search ? `No account matches "${list.search}".` : 'No accounts match this filter.'
            }
            action={
              <Button variant="secondary" onClick={() => list.clear('role')}>
                Clear filters
              </Button>
            }
          />
        }
      />
      <ConfirmDialog
        open={pending?.kind === 'role'}
        onOpenChange={(open) => !open && setPending(undefined)}
        title={promoting ? 'Make administrator?' : 'Remove administrator?'}
        description={
          promoting
            ? `"${target?.username}" will be able to use the whole back office: products, orders, payments and accounts.`
            : `"${target?.username}" will become a customer and lose access to the back office at once.`
        }
        confirmLabel={promoting ? 'Make Admin' : 'Remove Admin'}
        pendingLabel="Saving…"
        destructive={!promoting}
        onConfirm={() => setAdmin.mutateAsync({ id: target!.id, isAdmin: promoting })}
      />
      <TaxExemptionDialog
        user={pending?.kind === 'tax' ? pending.user : undefined}
        onClose={() => setPending(undefined)}
      />
      <ConfirmDialog
        open={pending?.kind === 'delete'}
        onOpenChange={(open) => !open && setPending(undefined)}
        title="Delete account?"
        description={`Are you sure you want to delete the account "${target?.username}"${target && displayName(target) !== target.username ? ` (${displayName(target)})` : ''}? They are signed out everywhere; their orders are kept. This action cannot be undone.`}
        confirmLabel="Delete Account"
        pendingLabel="Deleting…"
        destructive
        onConfirm={() => remove.mutateAsync(target!)}
      />
    </>
  )
}
