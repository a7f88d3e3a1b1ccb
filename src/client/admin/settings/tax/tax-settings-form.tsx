import { zodResolver } from '@hookform/resolvers/zod'
import { Plus, Trash2 } from 'lucide-react'
import type { ComponentProps } from 'react'
import { Controller, type FieldErrors, type Resolver, useForm } from 'react-hook-form'
import { dollarsToCents, formatCents } from '../../../../shared/money'
import {
  millionthsToRate,
  rateToMillionths,
  TAX_SOURCING,
  type TaxRegistration,
  type TaxSettings,
  taxSettingsSchema,
} from '../../../../shared/tax/schema'
import { DEFAULT_NEXUS_THRESHOLD } from '../../../../shared/tax/watch'
import { showServerErrors } from '../../../lib/server-errors'
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

/** "6.25" → 0.0625; a blank or unreadable rate goes as null, which the schema names beside the field. */
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

const checkSettings = zodResolver(taxSettingsSchema, undefined, { raw: true })

/**
 * Checked by the route's own schema, on what the form would send (rates as decimals, thresholds
 * in cents by state); each message goes to the field the owner typed it in.
 */
const resolver: Resolver<Draft, unknown, TaxSettings> = async (draft, context, options) => {
  const result = await checkSettings(toSettings(draft), context, options as never)
  if (Object.keys(result.errors).length === 0)
    return result as Awaited<ReturnType<Resolver<Draft, unknown, TaxSettings>>>
  return { values: {}, errors: draftErrors(result.errors as FieldErrors<TaxSettings>, draft) }
}

/** The schema's errors at the draft's fields: a rate at its percent, a threshold at its entry. */
function draftErrors(errors: FieldErrors<TaxSettings>, draft: Draft): FieldErrors<Draft> {
  const { registrations, nexusThresholds, ...rest } = errors
  const byState = nexusThresholds as Record<string, FieldErrors<Draft>['enabled']> | undefined
  return {
    ...rest,
    registrations: Array.isArray(registrations)
      ? registrations.map((entry) => {
          if (!entry) return entry
          const { stateRate, ...others } = entry
          return stateRate ? { ...others, statePercent: stateRate } : others
        })
      : registrations,
    thresholds:
      byState && draft.thresholds.map((entry) => byState[entry.state] && { dollars: byState[entry.state] }),
  } as FieldErrors<Draft>
}

/** The form's field for the API's: a rate is typed as a percent, a threshold in its entry. */
const fieldOfApi = (draft: Draft) => (field: string) => {
  const rate = /^registrations\.(\d+)\.stateRate$/.exec(field)
  if (rate) return `registrations.${rate[1]}.statePercent`
  const threshold = /^nexusThresholds\.([A-Z]{2})$/.exec(field)
  if (threshold) {
    const index = draft.thresholds.findIndex((entry) => entry.state === threshold[1])
    return index < 0 ? undefined : `thresholds.${index}.dollars`
  }
  return undefined
}

/** Every field the form shows, each entry's own (`registrations.0.permitNumber`). */
const fieldsOf = (draft: Draft) => [
  'enabled',
  ...Object.keys(draft.origin).map((name) => `origin.${name}`),
  ...draft.registrations.flatMap((entry, index) =>
    Object.keys(entry).map((name) => `registrations.${index}.${name}`),
  ),
  ...draft.thresholds.flatMap((_, index) => [`thresholds.${index}.state`, `thresholds.${index}.dollars`]),
]

/** Whether to collect, from where, and in which states: saved as one, nothing lost on a refusal. */
export function TaxSettingsForm({ settings }: { settings: TaxSettings }) {
  const form = useForm<Draft, unknown, TaxSettings>({ resolver, defaultValues: toDraft(settings) })
  const { errors } = form.formState
  // The lists are set whole, as react-hook-form's useFieldArray would weigh on every storefront
  // form (its one shared chunk holds whatever any form uses).
  const [registrations, thresholds] = form.watch(['registrations', 'thresholds'])
  // An entry's message must not move to the entry that takes its place: the list's messages go,
  // and come back from the next save.
  const setList = <Name extends 'registrations' | 'thresholds'>(name: Name, list: Draft[Name]) => {
    form.clearErrors(name)
    form.setValue(name, list as never, { shouldDirty: true })
  }
  const save = useSaveTaxSettings()

  // A refusal is also told in a toast (useSaveTaxSettings); what was typed stays.
  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values)
    } catch (error) {
      const draft = form.getValues()
      showServerErrors(form, error, { fields: fieldsOf(draft), fieldOf: fieldOfApi(draft) })
    }
  })
  const listError = errors.registrations?.root?.message ?? errors.registrations?.message

  return (
    <form onSubmit={submit} noValidate className="space-y-8">
      <div className="flex items-start gap-3">
        <Controller
          control={form.control}
          name="enabled"
          render={({ field }) => (
            <Checkbox
              id="tax-enabled"
              ref={field.ref}
              checked={field.value}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
              className="mt-0.5"
            />
          )}
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
        <FormField label="Address" htmlFor="tax-origin-address" error={errors.origin?.address?.message}>
          <Input {...form.register('origin.address')} />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField label="City" htmlFor="tax-origin-city" error={errors.origin?.city?.message}>
            <Input {...form.register('origin.city')} />
          </FormField>
          <FormField label="State" htmlFor="tax-origin-state" error={errors.origin?.state?.message}>
            <StateSelect {...form.register('origin.state')} allowNone />
          </FormField>
          <FormField label="ZIP code" htmlFor="tax-origin-zip" error={errors.origin?.zipCode?.message}>
            <Input inputMode="numeric" autoComplete="off" {...form.register('origin.zipCode')} />
          </FormField>
        </div>
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="font-display text-xl text-ink">Registered states</legend>
        <p className="text-sm text-ink-muted">
          Collect only where the shop holds a permit. Elsewhere orders carry no tax, and say why.
        </p>
        {registrations.length === 0 && (
          <p className="rounded-sm bg-sand px-4 py-3 text-sm text-ink-muted">No state yet.</p>
        )}
        {listError && (
          <p role="alert" className="text-sm text-destructive">
            {listError}
          </p>
        )}
        <ul className="space-y-4">
          {registrations.map((_, index) => {
            const id = `tax-registration-${index}`
            const error = errors.registrations?.[index]
            const name = <Field extends keyof RegistrationDraft>(field: Field) =>
              `registrations.${index}.${field}` as const
            return (
              <li key={id} className="rounded-sm border border-ink/15 p-4">
                <div className="grid gap-4 sm:grid-cols-2">
                  <FormField label="State" htmlFor={`${id}-state`} error={error?.state?.message}>
                    <StateSelect {...form.register(name('state'))} />
                  </FormField>
                  <FormField
                    label="Permit number"
                    htmlFor={`${id}-permit`}
                    error={error?.permitNumber?.message}
                  >
                    <Input {...form.register(name('permitNumber'))} />
                  </FormField>
                  <FormField label="Sourcing" htmlFor={`${id}-sourcing`} error={error?.sourcing?.message}>
                    <Select {...form.register(name('sourcing'))}>
                      {TAX_SOURCING.map((sourcing) => (
                        <option key={sourcing} value={sourcing}>
                          {SOURCING_LABELS[sourcing]}
                        </option>
                      ))}
                    </Select>
                  </FormField>
                  <FormField
                    label="State rate (%)"
                    htmlFor={`${id}-rate`}
                    error={error?.statePercent?.message}
                  >
                    <Input inputMode="decimal" {...form.register(name('statePercent'))} />
                  </FormField>
                </div>
                <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
                  <div className="flex items-center gap-3">
                    <Controller
                      control={form.control}
                      name={name('shippingTaxable')}
                      render={({ field }) => (
                        <Checkbox
                          id={`${id}-shipping`}
                          ref={field.ref}
                          checked={field.value}
                          onCheckedChange={(checked) => field.onChange(checked === true)}
                          onBlur={field.onBlur}
                        />
                      )}
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
                      setList(
                        'registrations',
                        registrations.filter((__, at) => at !== index),
                      )
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
            setList('registrations', [
              ...registrations,
              newRegistration(registrations.some((entry) => entry.state === 'TX') ? '' : 'TX'),
            ])
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
        <ul className="space-y-3">
          {thresholds.map((_, index) => {
            const id = `tax-threshold-${index}`
            const error = errors.thresholds?.[index]
            return (
              <li key={id} className="grid grid-cols-[1fr_1fr_auto] items-end gap-3">
                <FormField label="State" htmlFor={`${id}-state`} error={error?.state?.message}>
                  <StateSelect {...form.register(`thresholds.${index}.state`)} />
                </FormField>
                <FormField label="Threshold ($)" htmlFor={`${id}-amount`} error={error?.dollars?.message}>
                  <Input inputMode="decimal" {...form.register(`thresholds.${index}.dollars`)} />
                </FormField>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove the threshold ${index + 1}`}
                  onClick={() =>
                    setList(
                      'thresholds',
                      thresholds.filter((__, at) => at !== index),
                    )
                  }
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
          onClick={() => setList('thresholds', [...thresholds, { state: '', dollars: '100000' }])}
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

function StateSelect({ allowNone = false, ...props }: ComponentProps<'select'> & { allowNone?: boolean }) {
  return (
    <Select {...props}>
      <option value="">{allowNone ? 'Not set' : 'Select…'}</option>
      <UsStateOptions />
    </Select>
  )
}
