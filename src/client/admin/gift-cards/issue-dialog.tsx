import { zodResolver } from '@hookform/resolvers/zod'
import { Check, Copy } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { type Resolver, useForm } from 'react-hook-form'
import {
  type IssuedGiftCard,
  type IssueGiftCardInput,
  issueGiftCardSchema,
} from '../../../shared/gift-cards/admin-contract'
import { earliestExpiry, GIFT_CARD_MESSAGE_MAX, GIFT_CARD_MESSAGES } from '../../../shared/gift-cards/rules'
import { dollarsToCents, formatCents } from '../../../shared/money'
import { failureMessage } from '../../lib/mutation-toasts'
import { showServerErrors } from '../../lib/server-errors'
import { Button } from '../../ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogFormFooter,
  DialogHeader,
  DialogTitle,
} from '../../ui/dialog'
import { FormField } from '../../ui/form-field'
import { Input } from '../../ui/input'
import { Textarea } from '../../ui/textarea'
import { useIssueGiftCard } from './api'

interface Draft {
  amount: string
  recipientName: string
  recipientEmail: string
  senderName: string
  message: string
  reason: string
  /** A calendar day; the card expires at its end, on the owner's device. */
  expiresOn: string
}

const EMPTY: Draft = {
  amount: '',
  recipientName: '',
  recipientEmail: '',
  senderName: '',
  message: '',
  reason: '',
  expiresOn: '',
}

function inputOf(draft: Draft): IssueGiftCardInput {
  const amount = draft.amount.trim() === '' ? Number.NaN : dollarsToCents(Number(draft.amount))
  return {
    amount,
    recipientName: draft.recipientName,
    recipientEmail: draft.recipientEmail,
    senderName: draft.senderName,
    message: draft.message,
    reason: draft.reason,
    expiresAt: draft.expiresOn ? new Date(`${draft.expiresOn}T23:59:59`).toISOString() : null,
  }
}

const checkInput = zodResolver(issueGiftCardSchema, undefined, { raw: true })
/** Checked by the route's own schema, on what the form would send (cents, an ISO time). */
const resolver: Resolver<Draft, unknown, IssueGiftCardInput> = (draft, context, options) =>
  checkInput(inputOf(draft), context, options as never) as ReturnType<
    Resolver<Draft, unknown, IssueGiftCardInput>
  >

/** The form's name for the API's: the expiry is typed as a day. */
const fieldOf = (field: string) => (field === 'expiresAt' ? 'expiresOn' : field)

/** Issue a card; once issued, the dialog shows its whole code, this once, with a copy button. */
export function IssueGiftCardDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const id = useId()
  const form = useForm<Draft, unknown, IssueGiftCardInput>({ resolver, defaultValues: EMPTY })
  const { errors } = form.formState
  const [formError, setFormError] = useState<string>()
  const [issued, setIssued] = useState<IssuedGiftCard>()
  const issue = useIssueGiftCard()

  const submit = form.handleSubmit(async (input) => {
    setFormError(undefined)
    try {
      setIssued(await issue.mutateAsync(input))
    } catch (error) {
      if (!showServerErrors(form, error, { fieldOf })) setFormError(failureMessage(error))
    }
  })

  const message = form.watch('message')
  const mailed = form.watch('recipientEmail').trim()
  const earliest = earliestExpiry(new Date()).toISOString().slice(0, 10)

  return (
    <Dialog open={open} onOpenChange={(next) => !issue.isPending && onOpenChange(next)}>
      <DialogContent>
        {/* The confirmation's announcement (there is no toast): a live region present before it speaks. */}
        <p role="status" className="sr-only">
          {issued ? GIFT_CARD_MESSAGES.issued : ''}
        </p>
        {issued ? (
          <>
            <DialogHeader>
              <DialogTitle>Gift card issued</DialogTitle>
              <DialogDescription>
                {mailed ? `The code was e-mailed to ${mailed}. ` : 'Give this code to the recipient. '}
                It is shown only now: the shop keeps only its last four characters.
              </DialogDescription>
            </DialogHeader>
            <div className="grid gap-3 border-y border-gold/60 bg-jade-50 px-4 py-5 text-center">
              <p className="font-display text-3xl text-jade-800 lining-nums tabular-nums">
                {formatCents(issued.balance)}
              </p>
              <p className="break-all font-mono text-lg tracking-[0.15em] text-ink sm:text-xl">
                {issued.code}
              </p>
              <div>
                <CopyCode code={issued.code} />
              </div>
            </div>
            <DialogFooter>
              <Button onClick={() => onOpenChange(false)}>Done</Button>
            </DialogFooter>
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Issue gift card</DialogTitle>
              <DialogDescription>
                For a customer, a prize or a make-good. The reason is kept in the card’s history.
              </DialogDescription>
            </DialogHeader>
            <form className="grid gap-4" noValidate onSubmit={submit}>
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField
                  label="Amount ($)"
                  htmlFor={`${id}-amount`}
                  error={errors.amount?.message}
                  hint="$0.01 to $5,000"
                >
                  <Input
                    type="number"
                    inputMode="decimal"
                    min={0.01}
                    max={5000}
                    step={0.01}
                    {...form.register('amount')}
                  />
                </FormField>
                <FormField
                  label="Expires"
                  htmlFor={`${id}-expires`}
                  error={errors.expiresOn?.message}
                  hint="Leave empty for none; at least 5 years"
                >
                  <Input type="date" min={earliest} {...form.register('expiresOn')} />
                </FormField>
              </div>
              <FormField label="Reason" htmlFor={`${id}-reason`} error={errors.reason?.message}>
                <Input {...form.register('reason')} maxLength={500} placeholder="Prize at the spring fair" />
              </FormField>
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField
                  label="Recipient’s name"
                  htmlFor={`${id}-name`}
                  error={errors.recipientName?.message}
                >
                  <Input {...form.register('recipientName')} autoComplete="off" maxLength={50} />
                </FormField>
                <FormField
                  label="Recipient’s e-mail"
                  htmlFor={`${id}-email`}
                  error={errors.recipientEmail?.message}
                  hint="The code is e-mailed here"
                >
                  <Input type="email" {...form.register('recipientEmail')} autoComplete="off" />
                </FormField>
              </div>
              <FormField
                label="From"
                htmlFor={`${id}-sender`}
                error={errors.senderName?.message}
                hint="The shop’s name when empty"
              >
                <Input {...form.register('senderName')} autoComplete="off" maxLength={50} />
              </FormField>
              <FormField
                label="Message"
                htmlFor={`${id}-message`}
                error={errors.message?.message}
                hint={`Plain text, no links · ${message.length}/${GIFT_CARD_MESSAGE_MAX}`}
              >
                <Textarea rows={3} maxLength={GIFT_CARD_MESSAGE_MAX} {...form.register('message')} />
              </FormField>
              <DialogFormFooter
                error={formError}
                pending={issue.isPending}
                onCancel={() => onOpenChange(false)}
                submit={'Issue card'}
              />
            </form>
          </>
        )}
      </DialogContent>
    </Dialog>
  )
}

const COPIED_MS = 2_000

function CopyCode({ code }: { code: string }) {
  const [copied, setCopied] = useState(false)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), COPIED_MS)
    return () => clearTimeout(timer)
  }, [copied])
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code)
      setCopied(true)
    } catch {
      setFailed(true)
    }
  }
  return (
    <>
      <Button variant="secondary" size="sm" onClick={copy} aria-live="polite">
        {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
        {copied ? 'Copied!' : 'Copy code'}
      </Button>
      {failed && (
        <p className="mt-2 text-xs text-ink-muted">Could not copy: select the code and copy it by hand.</p>
      )}
    </>
  )
}
