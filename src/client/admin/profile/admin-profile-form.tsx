import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { type AdminProfileInput, adminProfileSchema } from '../../../shared/accounts/schema'
import type { PublicUser } from '../../../shared/accounts/users'
import { useUpdateProfile } from '../../lib/account'
import { toastFailure, toastSuccess } from '../../lib/mutation-toasts'
import { showServerErrors } from '../../lib/server-errors'
import { Button } from '../../ui/button'
import { FormField } from '../../ui/form-field'
import { Input } from '../../ui/input'

const PROFILE_FIELDS = [
  'email',
  'firstName',
  'lastName',
  'phone',
  'address',
  'city',
  'state',
  'zipCode',
  'country',
] as const
const FIELDS = [...PROFILE_FIELDS, 'currentPassword'] as const
type Field = (typeof FIELDS)[number]

/** Edit mode of the Profile Information tab: the username stays as it is; names are required. */
export function AdminProfileForm({ user, onDone }: { user: PublicUser; onDone: () => void }) {
  const update = useUpdateProfile()
  const form = useForm<AdminProfileInput>({
    resolver: zodResolver(adminProfileSchema),
    defaultValues: {
      ...Object.fromEntries(PROFILE_FIELDS.map((field) => [field, user[field] ?? ''])),
      currentPassword: '',
    } as AdminProfileInput,
  })
  const { errors } = form.formState
  // A new e-mail address needs the current password (the address receives password resets); an
  // owner who never had one is asked for it as soon as they type one.
  const emailChanged = (form.watch('email') ?? '').trim().toLowerCase() !== (user.email ?? '').toLowerCase()

  const submit = form.handleSubmit(({ currentPassword, ...values }) =>
    update.mutateAsync({ id: user.id, values: emailChanged ? { ...values, currentPassword } : values }).then(
      () => {
        toastSuccess('Profile Updated', 'Your profile has been updated.')
        onDone()
      },
      (error) => {
        showServerErrors(form, error, { fields: FIELDS })
        toastFailure('Update Failed', error)
      },
    ),
  )

  const field = (name: Field, label: string, autoComplete: string, type = 'text') => (
    <FormField label={label} htmlFor={`admin-profile-${name}`} error={errors[name]?.message}>
      <Input type={type} autoComplete={autoComplete} {...form.register(name)} />
    </FormField>
  )

  return (
    <form onSubmit={submit} noValidate className="grid gap-6">
      <FormField label="Username" htmlFor="admin-profile-username" hint="Your username cannot be changed.">
        <Input value={user.username} readOnly aria-readonly />
      </FormField>
      <div className="grid gap-6 sm:grid-cols-2">
        {field('firstName', 'First name', 'given-name')}
        {field('lastName', 'Last name', 'family-name')}
        {field('email', 'Email', 'email', 'email')}
        {field('phone', 'Phone', 'tel', 'tel')}
      </div>
      {emailChanged &&
        field(
          'currentPassword',
          'Current password (needed to change your email)',
          'current-password',
          'password',
        )}
      {field('address', 'Address', 'street-address')}
      <div className="grid gap-6 sm:grid-cols-4">
        <div className="sm:col-span-2">{field('city', 'City', 'address-level2')}</div>
        {field('state', 'State', 'address-level1')}
        {field('zipCode', 'ZIP code', 'postal-code')}
      </div>
      {field('country', 'Country', 'country-name')}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save Changes'}
        </Button>
      </div>
    </form>
  )
}
