import { zodResolver } from '@hookform/resolvers/zod'
import { CheckCircle2 } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useSearchParams } from 'react-router'
import { RESET_INVALID_MESSAGE, resetPasswordSchema } from '../../shared/accounts/schema'
import { errorMessage, useResetPassword } from '../lib/account'
import { showServerErrors } from '../lib/server-errors'
import { Button } from '../ui/button'
import { FormField } from '../ui/form-field'
import { Input } from '../ui/input'
import { toast } from '../ui/use-toast'
import { AuthCard } from './auth-card'

/** /account/reset-password: the link from the email carries ?token=, otherwise the code is typed in. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams()
  const tokenFromLink = searchParams.get('token') ?? ''
  const reset = useResetPassword()
  const [done, setDone] = useState(false)
  const [expired, setExpired] = useState(false)
  const form = useForm({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { token: tokenFromLink, password: '', confirmPassword: '' },
  })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit((values) =>
    reset.mutate(values, {
      onSuccess: (reply) => {
        toast({
          title: 'Password Reset Successful',
          description: reply?.message ?? 'You can now log in with your new password.',
        })
        setDone(true)
      },
      onError: (error) => {
        const message = errorMessage(error, 'Failed to reset password. Please try again.')
        setExpired(message === RESET_INVALID_MESSAGE)
        showServerErrors(form, error)
        toast({ title: 'Reset Failed', description: message, variant: 'destructive' })
      },
    }),
  )

  if (done) {
    return (
      <AuthCard title="Password Reset Successful" description="Your password has been changed.">
        <div className="flex flex-col items-center text-center">
          <CheckCircle2 className="size-14 text-jade-700" aria-hidden />
          <p className="mt-6 text-sm text-ink-muted">You can now sign in with your new password.</p>
          <Button asChild className="mt-10 w-full">
            <Link to="/account/login">Go to Login</Link>
          </Button>
        </div>
      </AuthCard>
    )
  }

  return (
    <AuthCard title="Reset Password" description="Choose a new password for your account.">
      <form onSubmit={onSubmit} className="space-y-6" noValidate>
        {tokenFromLink ? (
          <>
            <input type="hidden" {...form.register('token')} />
            {errors.token && (
              <p role="alert" className="text-sm text-destructive">
                {errors.token.message}
              </p>
            )}
          </>
        ) : (
          <FormField
            label="Reset token"
            htmlFor="reset-token"
            error={errors.token?.message}
            hint="The code from the reset email."
          >
            <Input autoComplete="one-time-code" spellCheck={false} {...form.register('token')} />
          </FormField>
        )}
        <FormField label="New password" htmlFor="reset-password" error={errors.password?.message}>
          <Input type="password" autoComplete="new-password" {...form.register('password')} />
        </FormField>
        <FormField
          label="Confirm new password"
          htmlFor="reset-confirm-password"
          error={errors.confirmPassword?.message}
        >
          <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
        </FormField>
        <Button type="submit" className="w-full" loading={reset.isPending}>
          {reset.isPending ? 'Resetting...' : 'Reset Password'}
        </Button>
      </form>
      {expired && (
        <p className="mt-8 text-center text-sm text-ink-muted">
          Links expire after a while.{' '}
          <Link to="/account/forgot-password" className="text-jade-700 hover:underline">
            Request a new link
          </Link>
        </p>
      )}
    </AuthCard>
  )
}
