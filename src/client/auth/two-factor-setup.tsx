import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { enableTwoFactorSchema, type TwoFactorSetup } from '../../shared/accounts/two-factor'
import { toastFailure } from '../lib/mutation-toasts'
import { showServerErrors } from '../lib/server-errors'
import { useEnableTwoFactor } from '../lib/two-factor'
import { Button } from '../ui/button'
import { FormField } from '../ui/form-field'
import { Input } from '../ui/input'
import { QrCode } from './qr-code'

/** The key in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret

/** Step two of setting up: scan (or type) the key, then prove it with the app's first code. */
export function TwoFactorSetupSteps({
  setup,
  password,
  onEnabled,
  onCancel,
}: {
  setup: TwoFactorSetup
  /** Given at the step before (TwoFactorPasswordStep): the server asks for it again here. */
  password: string
  onEnabled: (recoveryCodes: string[]) => void
  onCancel: () => void
}) {
  const enable = useEnableTwoFactor()
  const form = useForm({
    resolver: zodResolver(enableTwoFactorSchema),
    defaultValues: { password, code: '' },
  })

  const submit = form.handleSubmit((values) =>
    enable.mutateAsync(values).then(
      (reply) => onEnabled(reply.recoveryCodes),
      (error) => {
        // The password was given at the step before: only the code is shown here.
        if (!showServerErrors(form, error, { fields: ['code'] }))
          toastFailure('Two-Factor Setup Failed', error)
      },
    ),
  )

  return (
    <div className="grid gap-8 md:grid-cols-[auto_1fr] md:gap-10">
      <div>
        <p className="text-sm font-medium text-ink">1. Scan with your authenticator app</p>
        <div className="mt-3">
          <QrCode value={setup.otpauthUrl} label="QR code of the two-factor sign-in key" />
        </div>
      </div>
      <div className="min-w-0">
        <p className="text-sm text-ink-muted">Can’t scan? Enter this key in the app instead:</p>
        <p
          className="mt-2 break-words border-y border-ink/10 py-3 font-mono text-base tracking-wider text-ink"
          data-testid="two-factor-key"
        >
          {grouped(setup.secret)}
        </p>
        <form onSubmit={submit} noValidate className="mt-6">
          <FormField
            label="2. Enter the 6-digit code the app shows"
            htmlFor="two-factor-enable-code"
            error={form.formState.errors.code?.message}
          >
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              className="max-w-40 font-mono tracking-[0.3em]"
              {...form.register('code')}
            />
          </FormField>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row">
            <Button variant="secondary" onClick={onCancel} disabled={enable.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={enable.isPending}>
              Turn on two-factor sign-in
            </Button>
          </div>
        </form>
      </div>
    </div>
  )
}
