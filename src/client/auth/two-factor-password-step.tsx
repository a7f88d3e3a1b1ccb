import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { setUpTwoFactorSchema } from '../../shared/accounts/two-factor'
import { toastFailure } from '../lib/mutation-toasts'
import { showServerErrors } from '../lib/server-errors'
import { Button } from '../ui/button'
import { FormField } from '../ui/form-field'
import { Input } from '../ui/input'

/**
 * The current password before a change to two-factor sign-in (setting it up, new recovery
 * codes): the server asks for it so that a borrowed session cannot make the change.
 */
export function TwoFactorPasswordStep({
  username,
  submitLabel,
  failureTitle,
  onSubmit,
  onCancel,
}: {
  username: string
  submitLabel: string
  failureTitle: string
  /** Sends the password; a rejection is shown beside the field, or as a toast. */
  onSubmit: (password: string) => Promise<unknown>
  onCancel: () => void
}) {
  const form = useForm({ resolver: zodResolver(setUpTwoFactorSchema), defaultValues: { password: '' } })
  const { errors, isSubmitting } = form.formState

  const submit = form.handleSubmit((values) =>
    onSubmit(values.password).catch((error: unknown) => {
      if (!showServerErrors(form, error)) toastFailure(failureTitle, error)
    }),
  )

  return (
    <form onSubmit={submit} noValidate className="grid max-w-md gap-5">
      <input type="text" name="username" value={username} autoComplete="username" readOnly hidden />
      <FormField label="Current password" htmlFor="two-factor-password" error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...form.register('password')} />
      </FormField>
      <div className="flex flex-col-reverse gap-3 sm:flex-row">
        <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  )
}
