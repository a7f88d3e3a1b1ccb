import { Plus, Trash2 } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { dollarsToCents, formatCents } from '../../../../shared/money'
import {
  millionthsToRate,
  rateToMillionths,
  TAX_SOURCING,
  type TaxRegistration,
  type TaxSettings,
} from '../../../../shared/tax'
import { DEFAULT_NEXUS_THRESHOLD } from '../../../../shared/tax-watch'
import { ApiError } from '../../../lib/api'
import { Button } from '../../../ui/button'
import { Checkbox } from '../../../ui/checkbox'
import { FormField } from '../../../ui/form-field'
import { Input } from '../../../ui/input'
import { Label } from '../../../ui/label'
import { Select } from '../../../ui/select'
import { UsStateOptions } from '../../../ui/us-state-options'
import { useSaveTaxSettings } from './api'

/** A registration as the owner types it: the state rate in percent ("6.25"). */
type RegistrationDraft = Omit<TaxRegistration, 'stateRate'> & { statePercent: string }
/** A state's nexus threshold as typed, in dollars. */
type ThresholdDraft = { state: string; dollars: string }
type Draft = Omit<TaxSettings, 'registrations' | 'nexusThresholds'> & {
  registrations: RegistrationDraft[]
  thresholds: ThresholdDraft[]
}

const SOURCING_LABELS: Record<(typeof TAX_SOURCING)[number], string> = {
  origin: 'Origin (Texas rule)',
  destination: 'Destination (buyer’s ZIP)',
}

const toDraft = ({ nexusThresholds, ...settings }: TaxSettings): Draft => ({
  ...settings,
  thresholds: Object.entries(nexusThresholds ?? {}).map(([state, cents]) => ({
    state,
    dollars: String(cents / 100),
  })),
  registrations: settings.registrations.map(({ stateRate, ...rest }) => ({
    ...rest,
    statePercent: String(Number((stateRate * 100).toFixed(4))),
  })),
})

/** "6.25" → 0.0625; a blank or unreadable rate goes as null, which the server names beside the field. */
const toSettings = ({ thresholds, ...draft }: Draft): TaxSettings => ({
  ...draft,
  nexusThresholds: Object.fromEntries(
    thresholds
      .filter((entry) => entry.state)
      .map((entry) => [entry.state, dollarsToCents(Number(entry.dollars))]),
  ),
  registrations: draft.registrations.map(({ statePercent, ...rest }) => {
    const percent = statePercent.trim() === '' ? Number.NaN : Number(statePercent)
    return {
      ...rest,
      stateRate: Number.isFinite(percent)
        ? millionthsToRate(rateToMillionths(percent / 100))
        : (null as unknown as number),
    }
  }),
})

const newRegistration = (state: string): RegistrationDraft => ({
  state,
  permitNumber: '',
  sourcing: state === 'TX' ? 'origin' : 'destination',
  shippingTaxable: true,
  statePercent: state === 'TX' ? '6.25' : '',
})

/** Whether to collect, from where, and in which states: saved as one, nothing lost on a refusal. */
export function TaxSettingsForm({ settings }: { settings: TaxSettings }) {
  const [draft, setDraft] = useState(() => toDraft(settings))
  const save = useSaveTaxSettings()
  const errors = fieldErrors(save.error)
  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }))
  const setOrigin = (patch: Partial<Draft['origin']>) => set({ origin: { ...draft.origin, ...patch } })
  const setRegistration = (index: number, patch: Partial<RegistrationDraft>) =>
    set({
      registrations: draft.registrations.map((entry, at) => (at === index ? { ...entry, ...patch } : entry)),
    })

  function submit(event: FormEvent) {
    event.preventDefault()
    save.mutate(toSettings(draft))
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-8">
      <div className="flex items-start gap-3">
        <Checkbox
          id="tax-enabled"
          checked={draft.enabled}
          onCheckedChange={(checked) => set({ enabled: checked === true })}
          className="mt-0.5"
        />
        <div>
          <Label htmlFor="tax-enabled" className="cursor-pointer">
            Collect sales tax
          </Label>
          <p className="text-sm text-ink-muted">
            Off, totals are subtotal less discount plus shipping. On, checkout adds the tax of the states
            below.
          </p>
        </div>
      </div>

      <fieldset className="space-y-4">
        <legend className="font-display text-xl text-ink">The shop’s origin</legend>
        <p className="text-sm text-ink-muted">
          Where orders are received: Texas taxes every order by this place.
        </p>
        <FormField label="Address" htmlFor="tax-origin-address">
          <Input
            value={draft.origin.address}
            onChange={(event) => setOrigin({ address: event.target.value })}
          />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField label="City" htmlFor="tax-origin-city">
            <Input value={draft.origin.city} onChange={(event) => setOrigin({ city: event.target.value })} />
          </FormField>
          <FormField label="State" htmlFor="tax-origin-state" error={errors['origin.state']}>
            <StateSelect value={draft.origin.state} onChange={(state) => setOrigin({ state })} allowNone />
          </FormField>
          <FormField label="ZIP code" htmlFor="tax-origin-zip" error={errors['origin.zipCode']}>
            <Input
              inputMode="numeric"
              autoComplete="off"
              value={draft.origin.zipCode}
              onChange={(event) => setOrigin({ zipCode: event.target.value })}
            />
          </FormField>
        </div>
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="font-display text-xl text-ink">Registered states</legend>
        <p className="text-sm text-ink-muted">
          Collect only where the shop holds a permit. Elsewhere orders carry no tax, and say why.
        </p>
        {draft.registrations.length === 0 && (
          <p className="rounded-sm bg-sand px-4 py-3 text-sm text-ink-muted">No state yet.</p>
        )}
        <ul className="space-y-4">
          {draft.registrations.map((registration, index) => {
            const id = `tax-registration-${index}`
            const error = (field: string) => errors[`registrations.${index}.${field}`]
            return (
              <li key={id} className="rounded-sm border border-ink/15 p-4">
                <div className="grid gap-4 sm:grid-cols-2">
                  <FormField label="State" htmlFor={`${id}-state`} error={error('state')}>
                    <StateSelect
                      value={registration.state}
                      onChange={(state) => setRegistration(index, { state })}
                    />
                  </FormField>
                  <FormField label="Permit number" htmlFor={`${id}-permit`} error={error('permitNumber')}>
                    <Input
                      value={registration.permitNumber}
                      onChange={(event) => setRegistration(index, { permitNumber: event.target.value })}
                    />
                  </FormField>
                  <FormField label="Sourcing" htmlFor={`${id}-sourcing`} error={error('sourcing')}>
                    <Select
                      value={registration.sourcing}
                      onChange={(event) =>
                        setRegistration(index, {
                          sourcing: event.target.value as RegistrationDraft['sourcing'],
                        })
                      }
                    >
                      {TAX_SOURCING.map((sourcing) => (
                        <option key={sourcing} value={sourcing}>
                          {SOURCING_LABELS[sourcing]}
                        </option>
                      ))}
                    </Select>
                  </FormField>
                  <FormField label="State rate (%)" htmlFor={`${id}-rate`} error={error('stateRate')}>
                    <Input
                      inputMode="decimal"
                      value={registration.statePercent}
                      onChange={(event) => setRegistration(index, { statePercent: event.target.value })}
                    />
                  </FormField>
                </div>
                <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
                  <div className="flex items-center gap-3">
                    <Checkbox
                      id={`${id}-shipping`}
                      checked={registration.shippingTaxable}
                      onCheckedChange={(checked) =>
                        setRegistration(index, { shippingTaxable: checked === true })
                      }
                    />
                    <Label htmlFor={`${id}-shipping`} className="cursor-pointer">
                      Shipping is taxable
                    </Label>
                  </div>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    onClick={() =>
                      set({ registrations: draft.registrations.filter((_, at) => at !== index) })
                    }
                  >
                    <Trash2 className="size-4" aria-hidden /> Remove
                  </Button>
                </div>
              </li>
            )
          })}
        </ul>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={() =>
            set({
              registrations: [
                ...draft.registrations,
                newRegistration(draft.registrations.some((entry) => entry.state === 'TX') ? '' : 'TX'),
              ],
            })
          }
        >
          <Plus className="size-4" aria-hidden /> Add a state
        </Button>
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="font-display text-xl text-ink">Nexus watch</legend>
        <p className="text-sm text-ink-muted">
          The dashboard warns when a year's sales into a state reach 80% of the sales that oblige the shop to
          register there: {formatCents(DEFAULT_NEXUS_THRESHOLD)} unless set below.
        </p>
        {Object.entries(errors)
          .filter(([path]) => path.startsWith('nexusThresholds'))
          .map(([path, message]) => (
            <p key={path} role="alert" className="text-sm text-destructive">
              {message}
            </p>
          ))}
        <ul className="space-y-3">
          {draft.thresholds.map((entry, index) => {
            const id = `tax-threshold-${index}`
            const update = (patch: Partial<ThresholdDraft>) =>
              set({
                thresholds: draft.thresholds.map((other, at) =>
                  at === index ? { ...other, ...patch } : other,
                ),
              })
            return (
              <li key={id} className="grid grid-cols-[1fr_1fr_auto] items-end gap-3">
                <FormField label="State" htmlFor={`${id}-state`}>
                  <StateSelect value={entry.state} onChange={(state) => update({ state })} />
                </FormField>
                <FormField label="Threshold ($)" htmlFor={`${id}-amount`}>
                  <Input
                    inputMode="decimal"
                    value={entry.dollars}
                    onChange={(event) => update({ dollars: event.target.value })}
                  />
                </FormField>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove the threshold ${index + 1}`}
                  onClick={() => set({ thresholds: draft.thresholds.filter((_, at) => at !== index) })}
                >
                  <Trash2 className="size-4" aria-hidden />
                </Button>
              </li>
            )
          })}
        </ul>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={() => set({ thresholds: [...draft.thresholds, { state: '', dollars: '100000' }] })}
        >
          <Plus className="size-4" aria-hidden /> Set a state's threshold
        </Button>
      </fieldset>

      <div className="flex items-center gap-3 border-t border-ink/10 pt-5">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save tax settings'}
        </Button>
      </div>
    </form>
  )
}

function StateSelect({
  value,
  onChange,
  allowNone = false,
}: {
  value: string
  onChange: (state: string) => void
  allowNone?: boolean
}) {
  return (
    <Select value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">{allowNone ? 'Not set' : 'Select…'}</option>
      <UsStateOptions />
    </Select>
  )
}

/** The server's per-field messages by path ('registrations.0.stateRate'). */
function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {}
  return Object.fromEntries(error.fieldErrors.map((entry) => [entry.field, entry.message]))
}
