import { zodResolver } from '@hookform/resolvers/zod'
import { useId, useState } from 'react'
import { Controller, type Resolver, useForm } from 'react-hook-form'
import { type DiscountKind, discountAmount } from '../../../shared/discounts/rules'
import { type Discount, type DiscountInput, discountInputSchema } from '../../../shared/discounts/schema'
import { centsToDollars, dollarsToCents, formatCents } from '../../../shared/money'
import { failureMessage } from '../../lib/mutation-toasts'
import { showServerErrors } from '../../lib/server-errors'
import { Checkbox } from '../../ui/checkbox'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFormFooter,
  DialogHeader,
  DialogTitle,
} from '../../ui/dialog'
import { FormField } from '../../ui/form-field'
import { Input } from '../../ui/input'
import { Label } from '../../ui/label'
import { Select } from '../../ui/select'
import { Textarea } from '../../ui/textarea'
import { useSaveDiscount } from './api'

/** A moment as the owner's device shows it in a datetime-local field, and back. */
const toLocalField = (iso: string | null) => {
  if (!iso) return ''
  const date = new Date(iso)
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16)
}
const fromLocalField = (value: string) => (value ? new Date(value).toISOString() : null)

interface Draft {
  code: string
  kind: DiscountKind
  value: string
  minSubtotal: string
  startsAt: string
  endsAt: string
  maxUses: string
  active: boolean
  welcome: boolean
  note: string
}

function draftOf(discount: Discount | undefined): Draft {
  if (!discount)
    return {
      code: '',
      kind: 'percent',
      value: '',
      minSubtotal: '',
      startsAt: '',
      endsAt: '',
      maxUses: '',
      active: true,
      welcome: false,
      note: '',
    }
  return {
    code: discount.code,
    kind: discount.kind,
    value: String(discount.kind === 'percent' ? discount.value : centsToDollars(discount.value)),
    minSubtotal: discount.minSubtotal ? String(centsToDollars(discount.minSubtotal)) : '',
    startsAt: toLocalField(discount.startsAt),
    endsAt: toLocalField(discount.endsAt),
    maxUses: discount.maxUses === null ? '' : String(discount.maxUses),
    active: discount.active,
    welcome: discount.welcome,
    note: discount.note ?? '',
  }
}

function inputOf(draft: Draft): DiscountInput {
  const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text))
  return {
    code: draft.code.trim(),
    kind: draft.kind,
    value: draft.kind === 'percent' ? number(draft.value) : dollarsToCents(number(draft.value)),
    minSubtotal: draft.minSubtotal.trim() ? dollarsToCents(number(draft.minSubtotal)) : 0,
    startsAt: fromLocalField(draft.startsAt),
    endsAt: fromLocalField(draft.endsAt),
    maxUses: draft.maxUses.trim() ? number(draft.maxUses) : null,
    active: draft.active,
    welcome: draft.welcome,
    note: draft.note.trim() || null,
  }
}

const checkInput = zodResolver(discountInputSchema, undefined, { raw: true })
/**
 * The fields are checked as the route checks them, by its own schema, on what they would send
 * (cents, ISO times): a code the server would take is never refused here, nor the reverse.
 */
const resolver: Resolver<Draft, unknown, DiscountInput> = (draft, context, options) =>
  checkInput(inputOf(draft), context, options as never) as ReturnType<Resolver<Draft, unknown, DiscountInput>>

/** Create or edit a code; the dialog stays open, with what was typed, when the save fails. */
export function DiscountDialog({
  open,
  onOpenChange,
  discount,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The code being edited; none to create one. */
  discount?: Discount
}) {
  const id = useId()
  const form = useForm<Draft, unknown, DiscountInput>({ resolver, defaultValues: draftOf(discount) })
  const { errors } = form.formState
  const [formError, setFormError] = useState<string>()
  const save = useSaveDiscount()

  const submit = form.handleSubmit(async (input) => {
    setFormError(undefined)
    try {
      await save.mutateAsync({ id: discount?.id, input })
      onOpenChange(false)
    } catch (error) {
      if (!showServerErrors(form, error)) setFormError(failureMessage(error))
    }
  })

  const draft = form.watch()
  const example = inputOf(draft)
  const preview =
    Number.isInteger(example.value) && example.value > 0
      ? `On a $200.00 order: ${formatCents(discountAmount({ kind: draft.kind, value: example.value }, 20_000))} off`
      : undefined

  return (
    <Dialog open={open} onOpenChange={(next) => !save.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{discount ? `Edit ${discount.code}` : 'New discount code'}</DialogTitle>
          <DialogDescription>
            Shoppers type the code in the cart or at checkout; letters are matched ignoring case.
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" noValidate onSubmit={submit}>
          <FormField label="Code" htmlFor={`${id}-code`} error={errors.code?.message}>
            <Input
              {...form.register('code')}
              autoComplete="off"
              spellCheck={false}
              maxLength={32}
              placeholder="SPRING10"
            />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label="Kind"
              htmlFor={`${id}-kind`}
              error={errors.kind?.message}
              className="content-start"
            >
              <Select {...form.register('kind')}>
                <option value="percent">Percentage of the subtotal</option>
                <option value="fixed">Fixed amount</option>
              </Select>
            </FormField>
            <FormField
              label={draft.kind === 'percent' ? 'Percent off' : 'Amount off ($)'}
              htmlFor={`${id}-value`}
              error={errors.value?.message}
              hint={preview}
            >
              <Input
                type="number"
                inputMode="decimal"
                min={draft.kind === 'percent' ? 1 : 0.01}
                max={draft.kind === 'percent' ? 100 : undefined}
                step={draft.kind === 'percent' ? 1 : 0.01}
                {...form.register('value')}
              />
            </FormField>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Minimum subtotal ($)" htmlFor={`${id}-min`} error={errors.minSubtotal?.message}>
              <Input
                type="number"
                inputMode="decimal"
                min={0}
                step={0.01}
                placeholder="None"
                {...form.register('minSubtotal')}
              />
            </FormField>
            <FormField label="Maximum uses" htmlFor={`${id}-max`} error={errors.maxUses?.message}>
              <Input
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                placeholder="Unlimited"
                {...form.register('maxUses')}
              />
            </FormField>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Starts" htmlFor={`${id}-starts`} error={errors.startsAt?.message}>
              <Input type="datetime-local" {...form.register('startsAt')} />
            </FormField>
            <FormField label="Ends" htmlFor={`${id}-ends`} error={errors.endsAt?.message}>
              <Input type="datetime-local" {...form.register('endsAt')} />
            </FormField>
          </div>
          <FormField label="Note" htmlFor={`${id}-note`} error={errors.note?.message}>
            <Textarea
              rows={2}
              maxLength={500}
              placeholder="Where this code was given out"
              {...form.register('note')}
            />
          </FormField>
          <div className="flex items-center gap-3">
            <Controller
              control={form.control}
              name="active"
              render={({ field }) => (
                <Checkbox
                  id={`${id}-active`}
                  ref={field.ref}
                  checked={field.value}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                  onBlur={field.onBlur}
                />
              )}
            />
            <Label htmlFor={`${id}-active`}>Active</Label>
          </div>
          <div className="flex items-start gap-3">
            <Controller
              control={form.control}
              name="welcome"
              render={({ field }) => (
                <Checkbox
                  id={`${id}-welcome`}
                  ref={field.ref}
                  checked={field.value}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                  onBlur={field.onBlur}
                />
              )}
            />
            <div className="grid gap-1">
              <Label htmlFor={`${id}-welcome`}>Welcome code</Label>
              <p className="text-sm text-ink-muted">
                Offered in the newsletter’s welcome e-mail. Only one code is the welcome code.
              </p>
            </div>
          </div>
          {discount && (
            <p className="text-sm text-ink-muted">
              Used {discount.uses} {discount.uses === 1 ? 'time' : 'times'}.
            </p>
          )}
          <DialogFormFooter
            error={formError}
            pending={save.isPending}
            onCancel={() => onOpenChange(false)}
            submit={discount ? 'Save' : 'Create code'}
          />
        </form>
      </DialogContent>
    </Dialog>
  )
}
