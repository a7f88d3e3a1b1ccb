import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { type ProfileUpdateInput, profileUpdateSchema } from '../../shared/accounts/schema'
import type { PublicUser } from '../../shared/accounts/users'
import { errorMessage, useUpdateProfile } from '../lib/account'
import { showServerErrors } from '../lib/server-errors'
import { Button } from '../ui/button'
import { FormField } from '../ui/form-field'
import { Input } from '../ui/input'
import { toast } from '../ui/use-toast'
import { ProfileSection } from './profile-section'

const FIELDS = [
  'username',
  'email',
  'firstName',
  'lastName',
  'phone',
  'address',
  'city',
  'state',
  'zipCode',
  'country',
  'currentPassword',
] as const satisfies readonly (keyof ProfileUpdateInput)[]
type Field = (typeof FIELDS)[number]

/** The two conflicts the server reports without naming the field ("Username already exists"). */
const CONFLICTS = [
  ['username', /username/i],
  ['email', /email/i],
] as const

const zod = zodResolver(profileUpdateSchema)

/**
 * The schema refuses a blank name ("a present name non-empty"), which is right for clearing a name
 * the customer gave, but would block saving for someone who registered without one. A name field
 * that was empty and still is counts as not given.
 */
function profileResolver(user: PublicUser): typeof zod {
  return (values, context, options) =>
    zod(
      {
        ...values,
        firstName: !user.firstName && !values.firstName?.trim() ? null : values.firstName,
        lastName: !user.lastName && !values.lastName?.trim() ? null : values.lastName,
      },
      context,
      options,
    )
}

export function ProfileForm({ user, onDone }: { user: PublicUser; onDone: () => void }) {
  const update = useUpdateProfile()
  const form = useForm({
    resolver: profileResolver(user),
    defaultValues: {
      username: user.username,
      email: user.email ?? '',
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      phone: user.phone ?? '',
      address: user.address ?? '',
      city: user.city ?? '',
      state: user.state ?? '',
      zipCode: user.zipCode ?? '',
      country: user.country ?? '',
      currentPassword: '',
    },
  })
  // A new e-mail address needs the current password (the address receives password resets).
  const emailChanged = (form.watch('email') ?? '').trim().toLowerCase() !== (user.email ?? '').toLowerCase()
  const { errors } = form.formState
  const { setFocus } = form

  useEffect(() => setFocus('username'), [setFocus])

  const onSubmit = form.handleSubmit(({ currentPassword, ...values }) =>
    update.mutate(
      { id: user.id, values: emailChanged ? { ...values, currentPassword } : values },
      {
        onSuccess: () => {
          toast({ title: 'Profile Updated', description: 'Your profile has been updated successfully.' })
          onDone()
        },
        onError: (error) => {
          showServerErrors(form, error, { byMessage: CONFLICTS })
          toast({
            title: 'Update Failed',
            description: error.message.includes('401')
              ? 'Unauthorized. Please login again.'
              : errorMessage(error, 'Failed to update profile'),
            variant: 'destructive',
          })
        },
      },
    ),
  )

  const field = (name: Field, label: string, props: React.ComponentProps<typeof Input> = {}) => (
    <FormField label={label} htmlFor={`profile-${name}`} error={errors[name]?.message}>
      <Input {...props} {...form.register(name)} />
    </FormField>
  )

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="profile-form-title">
      <h2 id="profile-form-title" className="font-display text-3xl text-ink">
        Edit Profile
      </h2>
      <div className="mt-8 grid gap-12 md:grid-cols-2 md:gap-16">
        <ProfileSection title="Account Information">
          <div className="space-y-5">
            {field('username', 'Username', { autoComplete: 'username' })}
            {field('email', 'Email', { type: 'email', autoComplete: 'email' })}
            {emailChanged &&
              field('currentPassword', 'Current password (needed to change your email)', {
                type: 'password',
                autoComplete: 'current-password',
              })}
            <div className="grid gap-5 sm:grid-cols-2">
              {field('firstName', 'First name', { autoComplete: 'given-name' })}
              {field('lastName', 'Last name', { autoComplete: 'family-name' })}
            </div>
            {field('phone', 'Phone', { type: 'tel', autoComplete: 'tel' })}
          </div>
        </ProfileSection>

        <ProfileSection title="Default Shipping Address">
          <div className="space-y-5">
            {field('address', 'Address', { autoComplete: 'shipping street-address' })}
            {field('city', 'City', { autoComplete: 'shipping address-level2' })}
            <div className="grid gap-5 sm:grid-cols-2">
              {field('state', 'State', { autoComplete: 'shipping address-level1' })}
              {field('zipCode', 'ZIP code', { autoComplete: 'shipping postal-code', inputMode: 'numeric' })}
            </div>
            {field('country', 'Country', { autoComplete: 'shipping country-name', placeholder: 'USA' })}
          </div>
        </ProfileSection>
      </div>

      <div className="mt-10 flex flex-col-reverse gap-3 border-t border-ink/10 pt-8 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  )
}
