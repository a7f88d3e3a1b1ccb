import { useQuery } from '@tanstack/react-query'
import { Eye, Pencil, Plus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import type { RoleAnswer } from '../../../shared/staff/admin-contract'
import { useFailureToast } from '../../lib/use-failure-toast'
import { Badge } from '../../ui/badge'
import { Button } from '../../ui/button'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { Skeleton } from '../../ui/skeleton'
import { useAccess, useViewAs } from '../access'
import { staffQueries, useRemoveRole } from './api'
import { nearlyEverything, permissionGroups, permissionLabel } from './permission-groups'
import { RoleDialog } from './role-dialog'

/** One role: its name, how many hold it, and what it allows, area by area. */
function RoleCard({
  role,
  onEdit,
  onDelete,
  onViewAs,
}: {
  role: RoleAnswer
  onEdit?: (role: RoleAnswer) => void
  onDelete?: (role: RoleAnswer) => void
  /** Look at the back office as this role does, read-only (not offered for the Owner's own). */
  onViewAs?: (role: RoleAnswer) => void
}) {
  const headingId = `role-${role.id}-name`
  const summary = nearlyEverything(role.permissions)
  return (
    <li aria-labelledby={headingId} className="flex flex-col border-t border-ink/10 pt-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h4 id={headingId} className="font-display text-xl text-ink">
          {role.label}
        </h4>
        <span className="text-sm tabular-nums text-ink-muted">
          {role.members} {role.members === 1 ? 'member' : 'members'}
        </span>
      </div>
      {summary ? (
        <p className="mt-3 text-sm text-ink">{summary}</p>
      ) : (
        <dl className="mt-3 grid grid-cols-[minmax(0,6rem)_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm">
          {permissionGroups(role.permissions).map((group) => (
            <div key={group.area} className="contents">
              <dt className="text-ink-muted">{group.label}</dt>
              <dd className="text-ink">{group.permissions.map(permissionLabel).join(', ')}</dd>
            </div>
          ))}
        </dl>
      )}
      {(onEdit || onDelete || onViewAs) && (
        <div className="mt-3 flex flex-wrap justify-end gap-1">
          {onViewAs && (
            <Button variant="ghost" size="sm" onClick={() => onViewAs(role)}>
              <Eye className="size-3.5" aria-hidden /> View as
              <span className="sr-only"> {role.label}</span>
            </Button>
          )}
          {onEdit && (
            <Button variant="ghost" size="sm" onClick={() => onEdit(role)}>
              <Pencil className="size-3.5" aria-hidden /> Edit
              <span className="sr-only"> {role.label}</span>
            </Button>
          )}
          {onDelete && (
            <Button variant="ghost" size="sm" onClick={() => onDelete(role)}>
              <Trash2 className="size-3.5" aria-hidden /> Delete
              <span className="sr-only"> {role.label}</span>
            </Button>
          )}
        </div>
      )}
    </li>
  )
}

function RoleSkeletons() {
  return (
    <ul aria-hidden className="grid gap-x-8 gap-y-6 sm:grid-cols-2 xl:grid-cols-3">
      {[0, 1, 2].map((index) => (
        <li key={index} className="space-y-3 border-t border-ink/10 pt-4">
          <Skeleton className="h-6 w-1/3" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-2/3" />
        </li>
      ))}
    </ul>
  )
}

/** The six built-in roles, read-only, and the shop's own, made, changed and deleted here. */
export function RolesSection() {
  const query = useQuery(staffQueries.roles())
  const remove = useRemoveRole()
  const { me } = useAccess()
  const { start: viewAs } = useViewAs()
  // Only a role whose every permission the viewer holds can be looked through (the server's rule).
  const canViewAs = (role: RoleAnswer) =>
    role.name !== 'owner' &&
    !!me &&
    role.permissions.every((permission) => me.permissions.includes(permission))
  const viewAsHandler = (role: RoleAnswer) => (canViewAs(role) ? () => viewAs.mutate(role.name) : undefined)
  // The dialog is keyed by what it edits, so each opening starts from that role's values.
  const [editing, setEditing] = useState<{ role?: RoleAnswer; key: number }>()
  const [deleting, setDeleting] = useState<RoleAnswer>()
  useFailureToast('Could not load the roles', query.error)
  const roles = query.data?.items
  const builtIn = roles?.filter((role) => role.builtIn)
  const custom = roles?.filter((role) => !role.builtIn)
  const create = () => setEditing({ key: Date.now() })

  return (
    <>
      <section aria-labelledby="custom-roles-heading" aria-busy={!roles || undefined} className="mt-8">
        <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
          <div>
            <h3
              id="custom-roles-heading"
              className="text-xs font-medium uppercase tracking-[0.12em] text-ink-muted"
            >
              Your roles
            </h3>
            <p className="mt-1 text-sm text-ink-muted">
              Made for your shop: you can give only what your own role includes.
            </p>
          </div>
          <Button variant="secondary" onClick={create}>
            <Plus className="size-4" aria-hidden /> New role
          </Button>
        </div>
        {!custom ? (
          <RoleSkeletons />
        ) : custom.length === 0 ? (
          <p className="border-t border-ink/10 py-6 text-sm text-ink-muted">
            No roles of your own yet. Make one when a helper needs a mix the built-in roles do not have, for
            example a show assistant who also packs orders.
          </p>
        ) : (
          <ul className="grid gap-x-8 gap-y-6 sm:grid-cols-2 xl:grid-cols-3">
            {custom.map((role) => (
              <RoleCard
                key={role.id}
                role={role}
                onEdit={(picked) => setEditing({ role: picked, key: Date.now() })}
                onDelete={setDeleting}
                onViewAs={viewAsHandler(role)}
              />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="built-in-roles-heading" aria-busy={!roles || undefined} className="mt-10">
        <h3
          id="built-in-roles-heading"
          className="mb-4 text-xs font-medium uppercase tracking-[0.12em] text-ink-muted"
        >
          Built-in roles <Badge className="ml-2 align-middle">Read-only</Badge>
        </h3>
        {!builtIn ? (
          <RoleSkeletons />
        ) : (
          <ul className="grid gap-x-8 gap-y-6 sm:grid-cols-2 xl:grid-cols-3">
            {builtIn.map((role) => (
              <RoleCard key={role.id} role={role} onViewAs={viewAsHandler(role)} />
            ))}
          </ul>
        )}
      </section>
      {editing && (
        <RoleDialog
          key={editing.key}
          open
          onOpenChange={(open) => !open && setEditing(undefined)}
          role={editing.role}
        />
      )}
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(undefined)}
        title={`Delete the role ${deleting?.label ?? ''}?`}
        description={
          deleting && deleting.members > 0
            ? `${deleting.members} ${deleting.members === 1 ? 'member still holds' : 'members still hold'} this role: give them another role first.`
            : `The role "${deleting?.label}" and its permissions are removed. This cannot be undone.`
        }
        confirmLabel="Delete role"
        pendingLabel="Deleting…"
        destructive
        onConfirm={() => remove.mutateAsync(deleting!.id)}
      />
    </>
  )
}
