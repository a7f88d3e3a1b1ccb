import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { loginSchema, registerSchema } from '../../shared/accounts/schema'
import { TWO_FACTOR_REQUIRED_MESSAGE } from '../../shared/accounts/two-factor'
import { errorMessage } from '../lib/account'
import { ApiError } from '../lib/api'
import { useLogin, useRegister } from '../lib/auth'
import { showServerErrors } from '../lib/server-errors'
import { asksForCode } from '../lib/two-factor'
import { Button } from '../ui/button'
import { FormField } from '../ui/form-field'
import { Input } from '../ui/input'
import { toast } from '../ui/use-toast'

/**
 * Username and password sign-in, shared by the shop's login page and the back office's. When the
 * account has two-factor sign-in, the answer asks for a code and the form shows its second step.
 */
export function LoginForm({ idPrefix, onSuccess }: { idPrefix: string; onSuccess?: () => void }) {
  const login = useLogin()
  const [needsCode, setNeedsCode] = useState(false)
  const form = useForm({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: '', password: '', code: '' },
  })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit((values) =>
    login.mutate(
      { username: values.username, password: values.password, code: needsCode ? values.code : undefined },
      {
        onSuccess: () => {
          toast({ title: 'Login Successful', description: 'Successfully logged in' })
          onSuccess?.()
        },
        onError: (error) => {
          if (asksForCode(error)) {
            // First the question, then a wrong code: both say so beside the code field.
            if (needsCode) form.setError('code', { message: errorMessage(error, 'That code is not valid.') })
            setNeedsCode(true)
            form.setValue('code', '')
            return
          }
          toast({
            title: 'Login Failed',
            description:
              error instanceof ApiError && error.status === 429
                ? error.serverMessage
                : 'Invalid username or password.',
            variant: 'destructive',
          })
        },
      },
    ),
  )

  const startOver = () => {
    setNeedsCode(false)
    form.reset({ username: form.getValues('username'), password: '', code: '' })
  }

  return (
    <form onSubmit={onSubmit} className="space-y-5" noValidate>
      <div hidden={needsCode} className="space-y-5">
        <FormField label="Username" htmlFor={`${idPrefix}-username`} error={errors.username?.message}>
          <Input id={`${idPrefix}-username`} autoComplete="username" {...form.register('username')} />
        </FormField>
        <FormField label="Password" htmlFor={`${idPrefix}-password`} error={errors.password?.message}>
          <Input
            id={`${idPrefix}-password`}
            type="password"
            autoComplete="current-password"
            {...form.register('password')}
          />
        </FormField>
      </div>
      {needsCode && (
        <div className="space-y-5">
          <p className="text-sm text-ink-muted" role="status">
            {TWO_FACTOR_REQUIRED_MESSAGE} Lost your phone? Enter one of your recovery codes.
          </p>
          <FormField label="Authentication code" htmlFor={`${idPrefix}-code`} error={errors.code?.message}>
            <Input
              id={`${idPrefix}-code`}
              autoComplete="one-time-code"
              autoFocus
              className="font-mono tracking-[0.2em]"
              {...form.register('code')}
            />
          </FormField>
        </div>
      )}
      <Button type="submit" className="w-full" disabled={login.isPending}>
        {login.isPending ? 'Signing in...' : needsCode ? 'Verify' : 'Sign In'}
      </Button>
      {needsCode && (
        <Button variant="link" className="w-full" onClick={startOver}>
          Use another account
        </Button>
      )}
    </form>
  )
}

export function RegisterForm({ onSuccess }: { onSuccess?: () => void }) {
  const register = useRegister()
  const form = useForm({
    resolver: zodResolver(registerSchema),
    defaultValues: { firstName: '', lastName: '', email: '', username: '', password: '' },
  })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit((values) =>
    register.mutate(
      { ...values, isAdmin: false },
      {
        onSuccess: () => {
          toast({ title: 'Success', description: 'Account created successfully' })
          onSuccess?.()
        },
        onError: (error) => {
          showServerErrors(form, error)
          toast({
            title: 'Registration Failed',
            description: error instanceof ApiError ? (error.serverMessage ?? error.message) : error.message,
            variant: 'destructive',
          })
        },
      },
    ),
  )

  return (
    <form onSubmit={onSubmit} className="space-y-5" noValidate>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="First name" htmlFor="register-first-name" error={errors.firstName?.message}>
          <Input id="register-first-name" autoComplete="given-name" {...form.register('firstName')} />
        </FormField>
        <FormField label="Last name" htmlFor="register-last-name" error={errors.lastName?.message}>
          <Input id="register-last-name" autoComplete="family-name" {...form.register('lastName')} />
        </FormField>
      </div>
      <FormField label="Email" htmlFor="register-email" error={errors.email?.message}>
        <Input id="register-email" type="email" autoComplete="email" {...form.register('email')} />
      </FormField>
      <FormField label="Username" htmlFor="register-username" error={errors.username?.message}>
        <Input id="register-username" autoComplete="username" {...form.register('username')} />
      </FormField>
      <FormField label="Password" htmlFor="register-password" error={errors.password?.message}>
        <Input
          id="register-password"
          type="password"
          autoComplete="new-password"
          {...form.register('password')}
        />
      </FormField>
      <Button type="submit" className="w-full" disabled={register.isPending}>
        {register.isPending ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  )
}
