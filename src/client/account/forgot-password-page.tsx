import { zodResolver } from '@hookform/resolvers/zod'
import { MailCheck } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import { RESET_REQUESTED_MESSAGE, requestPasswordResetSchema } from '../../shared/accounts/schema'
import { errorMessage, useRequestPasswordReset } from '../lib/account'
import { showServerErrors } from '../lib/server-errors'
import { Button } from '../ui/button'
import { FormField } from '../ui/form-field'
import { Input } from '../ui/input'
import { toast } from '../ui/use-toast'
import { AuthCard } from './auth-card'

/** /account/forgot-password: asks for a reset link. The answer never says whether the email has an account. */
export function ForgotPasswordPage() {
  const request = useRequestPasswordReset()
  const [sentTo, setSentTo] = useState<{ email: string; message: string } | null>(null)
  const form = useForm({ resolver: zodResolver(requestPasswordResetSchema), defaultValues: { email: '' } })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit((values) =>
    request.mutate(values, {
      onSuccess: (reply) => {
        const message = reply?.message ?? RESET_REQUESTED_MESSAGE
        toast({ title: 'Password Reset Request Sent', description: message })
        setSentTo({ email: values.email, message })
      },
      onError: (error) => {
        showServerErrors(form, error)
        toast({
          title: 'Request Failed',
          description: errorMessage(error, 'Failed to send the reset link. Please try again.'),
          variant: 'destructive',
        })
      },
    }),
  )

  if (sentTo) {
    return (
      <AuthCard title="Check Your Email" description={sentTo.message}>
        <div className="flex flex-col items-center text-center">
          <div className="flex size-16 items-center justify-center rounded-full border border-gold/50 text-jade-700">
            <MailCheck className="size-7" aria-hidden />
          </div>
          <p className="mt-6 text-sm text-ink-muted">
            We sent it to <strong className="break-all font-medium text-ink">{sentTo.email}</strong>. If
            nothing arrives within a few minutes, check your spam folder or try again.
          </p>
          <div className="mt-10 flex w-full flex-col gap-3">
            <Button asChild>
              <Link to="/account/login">Back to Login</Link>
            </Button>
            <Button variant="ghost" onClick={() => setSentTo(null)}>
              Use a different email
            </Button>
          </div>
        </div>
      </AuthCard>
    )
  }

  return (
    <AuthCard
      title="Forgot Password"
      description="Enter the email on your account and we'll send you a link to choose a new password."
    >
      <form onSubmit={onSubmit} className="space-y-6" noValidate>
        <FormField label="Email" htmlFor="forgot-email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...form.register('email')} />
        </FormField>
        <Button type="submit" className="w-full" loading={request.isPending}>
          {request.isPending ? 'Sending...' : 'Send Reset Link'}
        </Button>
      </form>
      <p className="mt-8 text-center text-sm">
        <Link to="/account/login" className="text-jade-700 hover:underline">
          Back to Login
        </Link>
      </p>
    </AuthCard>
  )
}
