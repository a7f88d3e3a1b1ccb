import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Link } from 'react-router'
import type { GiftCardBalance } from '../../../shared/gift-cards/contract'
import { GIFT_CARD_STATUS_LABELS } from '../../../shared/gift-cards/rules'
import { formatCents } from '../../../shared/money'
import { formatDate } from '../../../shared/shop-dates/format'
import { ApiError } from '../../lib/api'
import { queries } from '../../lib/queries'
import { Button } from '../../ui/button'
import { FormField } from '../../ui/form-field'
import { Input } from '../../ui/input'
import { lookUpBalance } from './api'

/**
 * /gift-cards/balance — a code's balance and expiry (issue 36). The server counts the tries (as
 * discount codes) and says only "Gift card not found" of a code that does not exist.
 */
export function BalancePage() {
  const timeZone = useQuery(queries.store()).data?.timeZone
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const [balance, setBalance] = useState<GiftCardBalance>()

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBalance(undefined)
    if (!code.trim()) {
      setError('Enter a gift card code')
      return
    }
    setBusy(true)
    setError(undefined)
    try {
      setBalance(await lookUpBalance(code))
    } catch (failure) {
      setError(
        (failure instanceof ApiError && failure.serverMessage) || 'Something went wrong. Please try again.',
      )
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="mx-auto max-w-2xl px-4 py-14 sm:px-6 md:py-20">
      <p className="text-xs uppercase tracking-[0.3em] text-jade-700">Gift cards</p>
      <h1 className="mt-4 font-display text-5xl leading-tight text-ink">Check a balance</h1>
      <div className="mt-6 h-px w-16 bg-gold" aria-hidden />
      <p className="mt-6 text-lg leading-relaxed text-ink-muted">
        Type the 16-character code from your gift card e-mail. Dashes and spaces do not matter.
      </p>
      <form onSubmit={submit} noValidate className="mt-10 flex flex-col gap-4 sm:flex-row sm:items-end">
        <FormField label="Gift card code" htmlFor="gift-card-code" error={error} className="flex-1">
          <Input
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="XXXX-XXXX-XXXX-XXXX"
            className="font-mono tracking-wider"
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        </FormField>
        <Button type="submit" size="lg" loading={busy} className={error ? 'sm:mb-7' : undefined}>
          Check balance
        </Button>
      </form>
      <div role="status" aria-live="polite">
        {balance && (
          <div className="mt-10 border-y border-gold/50 py-8">
            <p className="text-xs uppercase tracking-[0.25em] text-ink-muted">Balance</p>
            <p className="mt-2 font-display text-5xl tabular-nums text-jade-700">
              {formatCents(balance.balance)}
            </p>
            <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
              <dt className="text-ink-muted">Status</dt>
              <dd className="text-ink">{GIFT_CARD_STATUS_LABELS[balance.status]}</dd>
              <dt className="text-ink-muted">Expires</dt>
              <dd className="text-ink">
                {balance.expiresAt ? formatDate(balance.expiresAt, timeZone, { long: true }) : 'Never'}
              </dd>
            </dl>
          </div>
        )}
      </div>
      <p className="mt-10 text-sm text-ink-muted">
        Looking for a gift?{' '}
        <Link
          to="/gift-cards"
          className="text-jade-700 underline decoration-gold/60 underline-offset-4 hover:decoration-jade-700"
        >
          Buy a gift card
        </Link>
        .
      </p>
    </div>
  )
}
