import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { changePasswordSchema } from '../../shared/accounts/schema'
import { errorMessage, useChangePassword } from '../lib/account'
import { showServerErrors } from '../lib/server-errors'
import { Button } from '../ui/button'
import { FormField } from '../ui/form-field'
import { Input } from '../ui/input'
import { toast } from '../ui/use-toast'

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' }

export function ChangePasswordForm({ username }: { username: string }) {
  const changePassword = useChangePassword()
  const form = useForm({ resolver: zodResolver(changePasswordSchema), defaultValues: EMPTY })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit((values) =>
    changePassword.mutate(values, {
      onSuccess: (reply) => {
        toast({
          title: 'Password Changed',
          description: reply?.message ?? 'Your password has been updated.',
        })
        form.reset(EMPTY)
      },
      onError: (error) => {
        const message = errorMessage(error, 'Failed to change password')
        showServerErrors(form, error, { byMessage: [['currentPassword', /current password/i]] })
        toast({ title: 'Password Change Failed', description: message, variant: 'destructive' })
      },
    }),
  )

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="change-password-title" className="max-w-md">
      <h2 id="change-password-title" className="font-display text-3xl text-ink">
        Change Password
      </h2>
      <p className="mt-2 text-sm text-ink-muted">Use at least 6 characters.</p>
      {/* Lets password managers file the new password under the right account. */}
      <input type="text" name="username" value={username} autoComplete="username" readOnly hidden />
      <div className="mt-8 space-y-5">
        <FormField
          label="Current password"
          htmlFor="current-password"
          error={errors.currentPassword?.message}
        >
          <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
        </FormField>
        <FormField label="New password" htmlFor="new-password" error={errors.newPassword?.message}>
          <Input type="password" autoComplete="new-password" {...form.register('newPassword')} />
        </FormField>
        <FormField
          label="Confirm new password"
          htmlFor="confirm-new-password"
          error={errors.confirmPassword?.message}
        >
          <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
        </FormField>
      </div>
      <Button type="submit" className="mt-8 w-full sm:w-auto" loading={changePassword.isPending}>
        {changePassword.isPending ? 'Changing...' : 'Change Password'}
      </Button>
    </form>
  )
}
