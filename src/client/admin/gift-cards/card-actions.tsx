import { zodResolver } from '@hookform/resolvers/zod'
import { useId, useState } from 'react'
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form'
import {
  type GiftCardDetail,
  type UpdateGiftCard,
  updateGiftCardSchema,
} from '../../../shared/gift-cards/admin-contract'
import { maskedCode } from '../../../shared/gift-cards/rules'
import { dollarsToCents, formatCents } from '../../../shared/money'
import { failureMessage } from '../../lib/mutation-toasts'
import { showServerErrors } from '../../lib/server-errors'
import { ConfirmDialog } from '../../ui/confirm-dialog'
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
import { useResendGiftCard, useUpdateGiftCard } from './api'

// What the owner does to one card: adjust its balance, disable or enable it, send a new code.
// Each asks for what the history will say, and each change is written with the member's name.

interface ActionProps {
  card: GiftCardDetail
  open: boolean
  onOpenChange: (open: boolean) => void
}

/** The adjustment as typed: dollars, negative to take money off. */
interface AdjustDraft {
  amount: string
  reason: string
}

const EMPTY_ADJUSTMENT: AdjustDraft = { amount: '', reason: '' }

/** What the owner typed, in cents; NaN when it is not a number. */
const centsOf = (amount: string) => (amount.trim() === '' ? Number.NaN : dollarsToCents(Number(amount)))

/** Said of an amount left empty, unreadable or $0, as it always was here. */
const NO_AMOUNT = 'Enter an amount, negative to take money off'

const checkUpdate = zodResolver(updateGiftCardSchema, undefined, { raw: true })

/**
 * Checked by the route's own schema, on what the form would send (cents), each message at the
 * field it is about.
 */
const adjustResolver: Resolver<AdjustDraft, unknown, UpdateGiftCard> = async (draft, context, options) => {
  const cents = centsOf(draft.amount)
  const result = await checkUpdate(
    { adjustment: { amount: cents, reason: draft.reason } },
    context,
    options as never,
  )
  const errors = (result.errors as FieldErrors<UpdateGiftCard>).adjustment
  if (!errors) return result as Awaited<ReturnType<Resolver<AdjustDraft, unknown, UpdateGiftCard>>>
  const amount = errors.amount && {
    ...errors.amount,
    message: !Number.isFinite(cents) || cents === 0 ? NO_AMOUNT : errors.amount.message,
  }
  return {
    values: {},
    errors: { ...(amount && { amount }), ...(errors.reason && { reason: errors.reason }) },
  }
}

/** The form's name for the API's: the adjustment's fields are the form's own. */
const adjustFieldOf = (field: string) => field.replace(/^adjustment\./, '')

/** Adds or takes off money with a reason; the server refuses going below zero, shown here. */
export function AdjustDialog({ card, open, onOpenChange }: ActionProps) {
  const id = useId()
  const form = useForm<AdjustDraft, unknown, UpdateGiftCard>({
    resolver: adjustResolver,
    defaultValues: EMPTY_ADJUSTMENT,
  })
  const { errors } = form.formState
  // The server's reason when it names no field; the fields' own are shown beside them.
  const [formError, setFormError] = useState<string>()
  const update = useUpdateGiftCard(card.id)
  const cents = centsOf(form.watch('amount'))
  const after = Number.isFinite(cents) ? card.balance + cents : undefined

  const reset = (next: boolean) => {
    if (update.isPending) return
    if (!next) {
      form.reset(EMPTY_ADJUSTMENT)
      setFormError(undefined)
    }
    onOpenChange(next)
  }
  const submit = form.handleSubmit(async (input) => {
    setFormError(undefined)
    try {
      await update.mutateAsync(input)
      reset(false)
    } catch (failure) {
      if (!showServerErrors(form, failure, { fieldOf: adjustFieldOf })) setFormError(failureMessage(failure))
    }
  })

  return (
    <Dialog open={open} onOpenChange={reset}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{`Adjust ${maskedCode(card.last4)}`}</DialogTitle>
          <DialogDescription>
            {`Balance ${formatCents(card.balance)}. A positive amount adds money, a negative one takes it off; never below $0.00.`}
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" noValidate onSubmit={submit}>
          <FormField
            label="Amount ($)"
            htmlFor={`${id}-amount`}
            error={errors.amount?.message}
            hint={after !== undefined && after >= 0 ? `New balance: ${formatCents(after)}` : undefined}
          >
            <Input
              type="number"
              inputMode="decimal"
              step={0.01}
              placeholder="-25.00"
              {...form.register('amount')}
            />
          </FormField>
          <FormField label="Reason" htmlFor={`${id}-reason`} error={errors.reason?.message}>
            <Input maxLength={500} {...form.register('reason')} />
          </FormField>
          <DialogFormFooter
            error={formError}
            pending={update.isPending}
            onCancel={() => reset(false)}
            submit={'Adjust balance'}
          />
        </form>
      </DialogContent>
    </Dialog>
  )
}

/** Disabling stops the card paying until it is enabled again; the balance stays. */
export function ToggleDialog({ card, open, onOpenChange }: ActionProps) {
  const id = useId()
  const [reason, setReason] = useState('')
  const update = useUpdateGiftCard(
    card.id,
    card.active ? 'Could not disable the gift card' : 'Could not enable the gift card',
  )
  const name = maskedCode(card.last4)
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setReason('')
        onOpenChange(next)
      }}
      title={card.active ? `Disable ${name}?` : `Enable ${name}?`}
      description={
        card.active
          ? `Its ${formatCents(card.balance)} cannot be spent until the card is enabled again.`
          : `Its ${formatCents(card.balance)} can be spent again.`
      }
      confirmLabel={card.active ? 'Disable' : 'Enable'}
      pendingLabel={card.active ? 'Disabling…' : 'Enabling…'}
      destructive={card.active}
      onConfirm={() => update.mutateAsync({ active: !card.active, reason })}
    >
      <FormField label="Reason (for the history)" htmlFor={`${id}-reason`}>
        <Input value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
      </FormField>
    </ConfirmDialog>
  )
}

/**
 * Only the code's hash is kept: resending mails a new code and the old one stops working. A bought
 * card before its delivery date has no code yet: the dialog offers to send it now instead.
 */
export function ResendDialog({ card, open, onOpenChange }: ActionProps) {
  const resend = useResendGiftCard(card.id, card.undelivered)
  if (card.undelivered)
    return (
      <ConfirmDialog
        open={open}
        onOpenChange={onOpenChange}
        title={`Send the card to ${card.recipientEmail} now?`}
        description={`Its delivery date has not come yet. The e-mail with its code, for ${formatCents(card.balance)}, goes now instead, and not again on the date.`}
        confirmLabel="Send now"
        pendingLabel="Sending…"
        onConfirm={() => resend.mutateAsync()}
      />
    )
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Send a new code to ${card.recipientEmail}?`}
      description={`The shop keeps no copy of the code, so the e-mail carries a new one. The current code ${maskedCode(card.last4)} stops working at once; the balance of ${formatCents(card.balance)} moves to the new code.`}
      confirmLabel="Send new code"
      pendingLabel="Sending…"
      onConfirm={() => resend.mutateAsync()}
    />
  )
}
