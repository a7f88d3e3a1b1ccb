import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { loginSchema, registerSchema } from '../../shared/accounts'
import { ApiError } from '../lib/api'
import { useLogin, useRegister } from '../lib/auth'
import { Button } from '../ui/button'
import { FormField } from '../ui/form-field'
import { Input } from '../ui/input'
import { toast } from '../ui/use-toast'

/** Username and password sign-in, shared by the shop's login page and the back office's. */
export function LoginForm({ idPrefix, onSuccess }: { idPrefix: string; onSuccess?: () => void }) {
  const login = useLogin()
  const form = useForm({ resolver: zodResolver(loginSchema), defaultValues: { username: '', password: '' } })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: () => {
        toast({ title: 'Login Successful', description: 'Successfully logged in' })
        onSuccess?.()
      },
      onError: (error) =>
        toast({
          title: 'Login Failed',
          description:
            error instanceof ApiError && error.status === 429
              ? error.serverMessage
              : 'Invalid username or password.',
          variant: 'destructive',
        }),
    }),
  )

  return (
    <form onSubmit={onSubmit} className="space-y-5" noValidate>
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
      <Button type="submit" className="w-full" disabled={login.isPending}>
        {login.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
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
          for (const fieldError of error instanceof ApiError ? error.fieldErrors : []) {
            form.setError(fieldError.field as 'username', { message: fieldError.message })
          }
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
