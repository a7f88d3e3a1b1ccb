import { zodResolver } from '@hookform/resolvers/zod'
import { useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import {
  type InvitationInput,
  invitationInputSchema,
  type RoleAnswer,
} from '../../../shared/staff/admin-contract'
import { roleNeedsTwoFactor } from '../../../shared/staff/permissions'
import { failureMessage } from '../../lib/mutation-toasts'
import { showServerErrors } from '../../lib/server-errors'
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
import { Select } from '../../ui/select'
import { useInvite } from './api'

/** "Invite a member": an address and a role; the e-mail carries a link good for 72 hours. */
export function InviteDialog({
  open,
  onOpenChange,
  roles,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  roles: RoleAnswer[] | undefined
}) {
  const id = useId()
  const form = useForm<InvitationInput>({
    resolver: zodResolver(invitationInputSchema),
    defaultValues: { email: '', role: '' },
  })
  const { errors } = form.formState
  const [formError, setFormError] = useState<string>()
  const invite = useInvite()
  const role = form.watch('role')
  const chosen = roles?.find((candidate) => candidate.name === role)

  const submit = form.handleSubmit(async (input) => {
    setFormError(undefined)
    try {
      await invite.mutateAsync(input)
      onOpenChange(false)
    } catch (error) {
      if (!showServerErrors(form, error)) setFormError(failureMessage(error))
    }
  })

  return (
    <Dialog open={open} onOpenChange={(next) => !invite.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Invite a member</DialogTitle>
          <DialogDescription>
            They receive an e-mail with a link to choose their username and password. The link works once,
            within 72 hours.
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" noValidate onSubmit={submit}>
          <FormField label="E-mail" htmlFor={`${id}-email`} error={errors.email?.message}>
            <Input
              type="email"
              autoComplete="off"
              spellCheck={false}
              placeholder="name@example.com"
              {...form.register('email')}
            />
          </FormField>
          <FormField
            label="Role"
            htmlFor={`${id}-role`}
            error={errors.role?.message}
            hint={
              chosen && roleNeedsTwoFactor(chosen.name, chosen.permissions)
                ? 'This role signs in with a second factor: they set it up right after joining.'
                : undefined
            }
          >
            <Select {...form.register('role')}>
              <option value="">Choose a role</option>
              {roles?.map((choice) => (
                <option key={choice.name} value={choice.name}>
                  {choice.label}
                </option>
              ))}
            </Select>
          </FormField>
          <DialogFormFooter
            error={formError}
            pending={invite.isPending}
            onCancel={() => onOpenChange(false)}
            submit={invite.isPending ? 'Sending…' : 'Send invitation'}
          />
        </form>
      </DialogContent>
    </Dialog>
  )
}
