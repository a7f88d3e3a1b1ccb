import { zodResolver } from '@hookform/resolvers/zod'
import { ShieldCheck } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { disableTwoFactorSchema, type TwoFactorSetup } from '../../shared/accounts/two-factor'
import type { PublicUser } from '../../shared/accounts/users'
import { toastFailure, toastSuccess } from '../lib/mutation-toasts'
import { showServerErrors } from '../lib/server-errors'
import { useDisableTwoFactor, useRegenerateRecoveryCodes, useSetUpTwoFactor } from '../lib/two-factor'
import { Badge } from '../ui/badge'
import { Button } from '../ui/button'
import { FormField } from '../ui/form-field'
import { Input } from '../ui/input'
import { RecoveryCodes } from './recovery-codes'
import { TwoFactorPasswordStep } from './two-factor-password-step'
import { TwoFactorSetupSteps } from './two-factor-setup'

type Stage =
  | { name: 'idle' }
  | { name: 'confirming'; purpose: 'set-up' | 'new-codes' }
  /** The password is kept for the code step, which asks for it again (the server does). */
  | { name: 'setting-up'; setup: TwoFactorSetup; password: string }
  | { name: 'codes'; codes: string[] }
  | { name: 'turning-off' }

/** "Two-factor sign-in" on the customer's and the administrator's profile (issue 18). */
export function TwoFactorSection({ user }: { user: PublicUser }) {
  const [stage, setStage] = useState<Stage>({ name: 'idle' })
  const setUp = useSetUpTwoFactor()
  const newCodes = useRegenerateRecoveryCodes()
  const on = user.twoFactorEnabled
  const idle = () => setStage({ name: 'idle' })

  const start = (password: string) =>
    setUp.mutateAsync({ password }).then((setup) => setStage({ name: 'setting-up', setup, password }))
  const regenerate = (password: string) =>
    newCodes.mutateAsync({ password }).then(({ recoveryCodes }) => {
      toastSuccess('New Recovery Codes', 'Your earlier recovery codes no longer work.')
      setStage({ name: 'codes', codes: recoveryCodes })
    })

  return (
    <section aria-labelledby="two-factor-title" className="max-w-3xl">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="two-factor-title" className="font-display text-3xl text-ink">
          Two-factor sign-in
        </h2>
        <Badge variant={on ? 'jade' : 'neutral'} data-testid="two-factor-status">
          {on ? 'On' : 'Off'}
        </Badge>
      </div>
      <p className="mt-2 max-w-xl text-sm text-ink-muted">
        {on
          ? 'Signing in asks for your password and a 6-digit code from your authenticator app.'
          : 'Add a second step to signing in: a 6-digit code from an authenticator app on your phone. Someone who learns your password still cannot sign in.'}
      </p>

      <div className="mt-8">
        {stage.name === 'codes' ? (
          <RecoveryCodes
            codes={stage.codes}
            username={user.username}
            onDone={() => setStage({ name: 'idle' })}
          />
        ) : stage.name === 'confirming' && stage.purpose === 'set-up' && !on ? (
          <TwoFactorPasswordStep
            username={user.username}
            submitLabel="Continue"
            failureTitle="Two-Factor Setup Failed"
            onSubmit={start}
            onCancel={idle}
          />
        ) : stage.name === 'confirming' && stage.purpose === 'new-codes' && on ? (
          <TwoFactorPasswordStep
            username={user.username}
            submitLabel="Make new recovery codes"
            failureTitle="Could Not Make New Codes"
            onSubmit={regenerate}
            onCancel={idle}
          />
        ) : stage.name === 'setting-up' && !on ? (
          <TwoFactorSetupSteps
            setup={stage.setup}
            password={stage.password}
            onEnabled={(codes) => {
              toastSuccess('Two-Factor Sign-In On', 'Your next sign-in will ask for a code.')
              setStage({ name: 'codes', codes })
            }}
            onCancel={idle}
          />
        ) : stage.name === 'turning-off' && on ? (
          <TurnOffForm username={user.username} onDone={() => setStage({ name: 'idle' })} />
        ) : on ? (
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button
              variant="secondary"
              onClick={() => setStage({ name: 'confirming', purpose: 'new-codes' })}
            >
              New recovery codes
            </Button>
            <Button variant="secondary" onClick={() => setStage({ name: 'turning-off' })}>
              Turn off two-factor sign-in
            </Button>
          </div>
        ) : (
          <Button onClick={() => setStage({ name: 'confirming', purpose: 'set-up' })}>
            <ShieldCheck className="size-4" aria-hidden /> Set up two-factor sign-in
          </Button>
        )}
      </div>
    </section>
  )
}

const EMPTY = { password: '', code: '' }

function TurnOffForm({ username, onDone }: { username: string; onDone: () => void }) {
  const disable = useDisableTwoFactor()
  const form = useForm({ resolver: zodResolver(disableTwoFactorSchema), defaultValues: EMPTY })
  const { errors } = form.formState

  const submit = form.handleSubmit((values) =>
    disable.mutateAsync(values).then(
      () => {
        toastSuccess('Two-Factor Sign-In Off', 'Signing in now takes your password alone.')
        onDone()
      },
      (error) => {
        showServerErrors(form, error)
        toastFailure('Could Not Turn Off', error)
      },
    ),
  )

  return (
    <form onSubmit={submit} noValidate className="grid max-w-md gap-5">
      <input type="text" name="username" value={username} autoComplete="username" readOnly hidden />
      <FormField label="Password" htmlFor="two-factor-off-password" error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...form.register('password')} />
      </FormField>
      <FormField
        label="Code from your app, or a recovery code"
        htmlFor="two-factor-off-code"
        error={errors.code?.message}
      >
        <Input autoComplete="one-time-code" className="font-mono" {...form.register('code')} />
      </FormField>
      <div className="flex flex-col-reverse gap-3 sm:flex-row">
        <Button variant="secondary" onClick={onDone} disabled={disable.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="destructive" loading={disable.isPending}>
          Turn off two-factor sign-in
        </Button>
      </div>
    </form>
  )
}
