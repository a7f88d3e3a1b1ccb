import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Gem, KeyRound, MailX } from 'lucide-react'
import { useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useNavigate, useSearchParams } from 'react-router'
import {
  acceptInvitationSchema,
  INVITATION_INVALID_MESSAGE,
  STAFF_PASSWORD_MIN,
  staffContract,
} from '../../shared/staff/contract'
import { call } from '../lib/api'
import { failureMessage } from '../lib/mutation-toasts'
import { queries } from '../lib/queries'
import { showServerErrors } from '../lib/server-errors'
import { Button } from '../ui/button'
import { EmptyState } from '../ui/empty-state'
import { FormField } from '../ui/form-field'
import { Input } from '../ui/input'
import { Skeleton } from '../ui/skeleton'

const accountSchema = acceptInvitationSchema.pick({ username: true, password: true })
type AccountInput = { username: string; password: string }

/** Where a new member goes once their account is made: the back office, or first their second factor. */
export const afterJoining = (twoFactorRequired: boolean) =>
  twoFactorRequired ? '/admin/profile?tab=two-factor' : '/admin'

/** The link is not (or no longer) good: said calmly, with no form to fill in for nothing. */
function InvalidInvitation() {
  return (
    <EmptyState
      level={1}
      className="py-24"
      icon={<MailX className="size-7" aria-hidden />}
      title="This invitation cannot be used"
      description={INVITATION_INVALID_MESSAGE}
      action={
        <Button asChild variant="secondary">
          <Link to="/">Visit the shop</Link>
        </Button>
      }
    />
  )
}

/**
 * /staff/invitation?token=…: the page an invitation e-mail's link opens, the first a new member of
 * the team sees. It shows what the invitation is for, then the member chooses a username and a
 * password; the account is made and signed in, and the back office opens.
 */
export function StaffInvitationPage() {
  const [search] = useSearchParams()
  const token = search.get('token') ?? ''
  const id = useId()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const shop = useQuery(queries.store()).data?.name
  // A POST that changes nothing: the token stays out of the server's access logs' query strings.
  const preview = useQuery({
    queryKey: [staffContract.previewInvitation.path, token],
    queryFn: () => call(staffContract.previewInvitation, { body: { token } }),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  })
  const form = useForm<AccountInput>({
    resolver: zodResolver(accountSchema),
    defaultValues: { username: '', password: '' },
  })
  const { errors } = form.formState
  const [formError, setFormError] = useState<string>()
  const accept = useMutation({
    mutationFn: (input: AccountInput) => call(staffContract.acceptInvitation, { body: { token, ...input } }),
  })

  if (!token || preview.isError) return <InvalidInvitation />
  const invitation = preview.data
  if (!invitation)
    return (
      <section aria-busy className="mx-auto max-w-md px-4 py-16 sm:py-24">
        <span className="sr-only">Opening your invitation…</span>
        <Skeleton className="mx-auto h-10 w-3/4" />
        <Skeleton className="mx-auto mt-4 h-4 w-1/2" />
        <div className="mt-10 space-y-6">
          <Skeleton className="h-11 w-full" />
          <Skeleton className="h-11 w-full" />
          <Skeleton className="h-11 w-full" />
        </div>
      </section>
    )

  const submit = form.handleSubmit(async (input) => {
    setFormError(undefined)
    try {
      const user = await accept.mutateAsync(input)
      // Signed in by the answer: the back office opens without a sign-in screen in between.
      queryClient.setQueryData(queries.auth().queryKey, user)
      await navigate(afterJoining(invitation.twoFactorRequired))
    } catch (error) {
      if (failureMessage(error) === INVITATION_INVALID_MESSAGE) return void preview.refetch()
      if (!showServerErrors(form, error, { byMessage: [['username', /username/i]] }))
        setFormError(failureMessage(error))
    }
  })

  return (
    <section aria-labelledby={`${id}-title`} className="mx-auto max-w-md px-4 py-16 sm:py-24">
      <div className="mx-auto mb-6 flex size-16 items-center justify-center rounded-full border border-gold/50 text-jade-700">
        <Gem className="size-7" aria-hidden />
      </div>
      <h1 id={`${id}-title`} className="text-center font-display text-4xl leading-tight text-ink">
        Join {shop ?? 'the shop'}
        <span className="mt-1 block text-2xl text-jade-800">as {invitation.roleLabel}</span>
      </h1>
      <p className="mt-4 text-center leading-relaxed text-ink-muted">
        This invitation is for
        <strong className="block font-medium text-ink [overflow-wrap:anywhere]">{invitation.email}</strong>
        Choose how you will sign in to the back office.
      </p>
      <div className="mt-10 border-t border-gold/40 pt-8">
        <form onSubmit={submit} className="space-y-6" noValidate>
          <FormField
            label="Username"
            htmlFor={`${id}-username`}
            error={errors.username?.message}
            hint="What you type to sign in; others on the team see it."
          >
            <Input
              autoComplete="username"
              spellCheck={false}
              autoCapitalize="none"
              {...form.register('username')}
            />
          </FormField>
          <FormField
            label="Password"
            htmlFor={`${id}-password`}
            error={errors.password?.message}
            hint={`At least ${STAFF_PASSWORD_MIN} characters.`}
          >
            <Input type="password" autoComplete="new-password" {...form.register('password')} />
          </FormField>
          {invitation.twoFactorRequired && (
            <p className="flex gap-3 border-l-2 border-gold/60 pl-3 text-sm leading-relaxed text-ink-muted">
              <KeyRound className="mt-0.5 size-4 shrink-0 text-jade-700" aria-hidden />
              Your role signs in with a second factor: right after this step you will set it up with an
              authenticator app.
            </p>
          )}
          {formError && (
            <p role="alert" className="text-sm text-destructive">
              {formError}
            </p>
          )}
          <Button type="submit" className="w-full" loading={accept.isPending}>
            {accept.isPending ? 'Joining…' : 'Join the team'}
          </Button>
        </form>
      </div>
    </section>
  )
}
