import { useId, useState } from 'react'
import type { GiftCardDetail } from '../../../shared/gift-cards/admin-contract'
import { GIFT_CARD_MESSAGES, maskedCode } from '../../../shared/gift-cards/rules'
import { dollarsToCents, formatCents } from '../../../shared/money'
import { failureMessage } from '../../lib/mutation-toasts'
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

/** Adds or takes off money with a reason; the server refuses going below zero, shown here. */
export function AdjustDialog({ card, open, onOpenChange }: ActionProps) {
  const id = useId()
  const [amount, setAmount] = useState('')
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string>()
  const update = useUpdateGiftCard(card.id)
  const cents = amount.trim() === '' ? Number.NaN : dollarsToCents(Number(amount))
  const after = Number.isFinite(cents) ? card.balance + cents : undefined

  const reset = (next: boolean) => {
    if (update.isPending) return
    if (!next) {
      setAmount('')
      setReason('')
      setError(undefined)
    }
    onOpenChange(next)
  }
  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    setError(undefined)
    if (!Number.isFinite(cents) || cents === 0) return setError('Enter an amount, negative to take money off')
    if (!reason.trim()) return setError(GIFT_CARD_MESSAGES.reasonRequired)
    try {
      await update.mutateAsync({ adjustment: { amount: cents, reason } })
      reset(false)
    } catch (failure) {
      setError(failureMessage(failure))
    }
  }

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
            hint={after !== undefined && after >= 0 ? `New balance: ${formatCents(after)}` : undefined}
          >
            <Input
              type="number"
              inputMode="decimal"
              step={0.01}
              placeholder="-25.00"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
            />
          </FormField>
          <FormField label="Reason" htmlFor={`${id}-reason`}>
            <Input value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
          </FormField>
          <DialogFormFooter
            error={error}
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
