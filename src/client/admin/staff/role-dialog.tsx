import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { type RoleAnswer, type RoleInput, roleInputSchema } from '../../../shared/staff/admin-contract'
import type { Permission } from '../../../shared/staff/permissions'
import { failureMessage } from '../../lib/mutation-toasts'
import { showServerErrors } from '../../lib/server-errors'
import { Checkbox } from '../../ui/checkbox'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFormFooter,
  DialogHeader,
  DialogTitle,
} from '../../ui/dialog'
import { FormField } from '../../ui/form-field'
import { Input } from '../../ui/input'
import { Label } from '../../ui/label'
import { staffQueries, useSaveRole } from './api'
import { permissionGroups, permissionLabel } from './permission-groups'

const GROUPS = permissionGroups()

/** Make a role of the shop's own, or change one: a name and its permissions, area by area. */
export function RoleDialog({
  open,
  onOpenChange,
  role,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The role being edited; none to make one. */
  role?: RoleAnswer
}) {
  const id = useId()
  const form = useForm<RoleInput>({
    resolver: zodResolver(roleInputSchema),
    defaultValues: { name: role?.label ?? '', permissions: (role?.permissions ?? []) as Permission[] },
  })
  const { errors } = form.formState
  const [formError, setFormError] = useState<string>()
  const save = useSaveRole()
  // What the member may grant: their own permissions (the server refuses the rest with a 403).
  const held = useQuery(staffQueries.me()).data?.permissions

  const submit = form.handleSubmit(async (input) => {
    setFormError(undefined)
    try {
      await save.mutateAsync({ id: role?.id, input })
      onOpenChange(false)
    } catch (error) {
      if (!showServerErrors(form, error)) setFormError(failureMessage(error))
    }
  })

  return (
    <Dialog open={open} onOpenChange={(next) => !save.isPending && onOpenChange(next)}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{role ? `Edit ${role.label}` : 'New role'}</DialogTitle>
          <DialogDescription>
            {role && role.members > 0
              ? `The ${role.members === 1 ? 'member who holds' : `${role.members} members who hold`} it get the new permissions at once.`
              : 'Choose what the members who hold this role may see and do.'}
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-5" noValidate onSubmit={submit}>
          <FormField label="Name" htmlFor={`${id}-name`} error={errors.name?.message}>
            <Input
              maxLength={40}
              placeholder="Gem show helper"
              autoComplete="off"
              {...form.register('name')}
            />
          </FormField>
          <fieldset
            className="grid gap-4"
            aria-describedby={errors.permissions ? `${id}-permissions-error` : undefined}
          >
            <legend className="mb-3 text-sm font-medium tracking-wide text-ink">Permissions</legend>
            <Controller
              control={form.control}
              name="permissions"
              render={({ field }) => (
                <div className="grid gap-x-8 gap-y-4 sm:grid-cols-2">
                  {GROUPS.map((group) => (
                    <fieldset
                      key={group.area}
                      className="grid content-start gap-2 border-t border-ink/10 pt-3"
                    >
                      <legend className="float-left mb-1 text-xs font-medium uppercase tracking-[0.12em] text-ink-muted">
                        {group.label}
                      </legend>
                      {group.permissions.map((permission, index) => {
                        const boxId = `${id}-${permission.replace(':', '-')}`
                        const allowed = !held || held.includes(permission)
                        const checked = field.value.includes(permission)
                        return (
                          <div key={permission} className="clear-left flex items-start gap-3">
                            <Checkbox
                              id={boxId}
                              ref={index === 0 && group === GROUPS[0] ? field.ref : undefined}
                              checked={checked}
                              disabled={!allowed && !checked}
                              aria-describedby={allowed ? undefined : `${boxId}-note`}
                              onCheckedChange={(on) =>
                                field.onChange(
                                  on === true
                                    ? [...field.value, permission]
                                    : field.value.filter((held) => held !== permission),
                                )
                              }
                              onBlur={field.onBlur}
                            />
                            <div className="grid gap-0.5">
                              <Label htmlFor={boxId} className="leading-5 font-normal">
                                {permissionLabel(permission)}
                              </Label>
                              {!allowed && (
                                <span id={`${boxId}-note`} className="text-xs text-ink-muted">
                                  Not in your own role
                                </span>
                              )}
                            </div>
                          </div>
                        )
                      })}
                    </fieldset>
                  ))}
                </div>
              )}
            />
            {errors.permissions && (
              <p id={`${id}-permissions-error`} role="alert" className="text-sm text-destructive">
                {errors.permissions.message}
              </p>
            )}
          </fieldset>
          <DialogFormFooter
            error={formError}
            pending={save.isPending}
            onCancel={() => onOpenChange(false)}
            submit={role ? 'Save role' : 'Create role'}
          />
        </form>
      </DialogContent>
    </Dialog>
  )
}
