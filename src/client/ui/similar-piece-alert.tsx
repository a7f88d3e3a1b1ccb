import { BellRing, Check } from 'lucide-react'
import { type FormEvent, useId, useState, useSyncExternalStore } from 'react'
import { PIECE_ALERT_MESSAGES } from '../../shared/piece-alerts/messages'
import { ApiError } from '../lib/api'
import { useAuth } from '../lib/auth'
import { cn } from '../lib/cn'
import { failureMessage } from '../lib/mutation-toasts'
import { useAskForAlerts } from '../lib/piece-alerts'
import { Button } from './button'
import { Input } from './input'

const noSubscribe = () => () => {}
// A light check before the server's: the server's schema has the last word.
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export interface SimilarPieceAlertProps {
  productId: number
  /** The piece's category, as the shopper reads it ("bangles"). */
  category: string
  /** `panel` on the piece's page; `compact` under a card (the wishlist). */
  variant?: 'panel' | 'compact'
  /**
   * The piece's name, where several of these share a page (the wishlist's sold cards): it names
   * each region apart, since landmarks with one name cannot be told apart.
   */
  pieceName?: string
  className?: string
}

/**
 * "Tell me when a similar piece arrives", on a sold or reserved piece (issue 25). A visitor types
 * an address and confirms it by the link e-mailed to it; a signed-in shopper with an address on the
 * account just presses the button. The server and the hydrating browser render the visitor's form
 * (the page is cached for every visitor alike); a signed-in shopper's replaces it once hydrated.
 */
export function SimilarPieceAlert({
  productId,
  category,
  variant = 'panel',
  pieceName,
  className,
}: SimilarPieceAlertProps) {
  const hydrated = useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  )
  const { user } = useAuth()
  const ownEmail = hydrated ? (user?.email ?? undefined) : undefined
  const ask = useAskForAlerts(productId)
  const [email, setEmail] = useState('')
  const [problem, setProblem] = useState<string>()
  const id = useId()
  const titleId = `${id}-title`
  const errorId = `${id}-error`
  const categoryWord = category.toLowerCase()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const typed = email.trim()
    const refusal = ownEmail
      ? undefined
      : !typed
        ? PIECE_ALERT_MESSAGES.empty
        : !LOOKS_LIKE_EMAIL.test(typed)
          ? PIECE_ALERT_MESSAGES.invalid
          : undefined
    setProblem(refusal)
    if (refusal) return
    ask.mutate(ownEmail ? undefined : typed, {
      onError: (error) =>
        setProblem(
          error instanceof ApiError && error.status >= 500
            ? PIECE_ALERT_MESSAGES.failed
            : failureMessage(error),
        ),
    })
  }

  const compact = variant === 'compact'
  const done = ask.data
  return (
    <section
      aria-labelledby={pieceName ? undefined : titleId}
      aria-label={pieceName ? `${PIECE_ALERT_MESSAGES.title}: ${pieceName}` : undefined}
      // Interactive from here on (the server's markup is not): journeys wait for it.
      data-ready={hydrated || undefined}
      className={cn(
        compact ? 'border-t border-ink/10 pt-4' : 'border border-gold/40 bg-sand/60 px-5 py-6 sm:px-7',
        className,
      )}
    >
      <h2
        id={titleId}
        className={cn(
          'flex items-start gap-3 font-display text-ink',
          compact ? 'text-lg leading-snug' : 'text-2xl leading-tight',
        )}
      >
        <BellRing
          className={cn('shrink-0 text-jade-700', compact ? 'mt-1 size-4' : 'mt-1.5 size-5')}
          aria-hidden
        />
        {PIECE_ALERT_MESSAGES.title}
      </h2>
      {done ? (
        <p role="status" className="mt-3 flex items-start gap-2 text-sm leading-relaxed text-ink">
          <Check className="mt-0.5 size-4 shrink-0 text-jade-700" aria-hidden />
          {done.message}
        </p>
      ) : (
        <>
          {!compact && (
            <p className="mt-2 text-sm leading-relaxed text-ink-muted">
              {`Each piece is one of a kind. Leave your address and we will write when a new piece arrives in ${categoryWord}: one e-mail for each, nothing else.`}
            </p>
          )}
          <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-3 sm:flex-row">
            {ownEmail ? (
              <p className="min-w-0 flex-1 self-center text-sm text-ink-muted">
                {'We will write to '}
                <span className="break-all text-ink">{ownEmail}</span>
              </p>
            ) : (
              <>
                <label htmlFor={`${id}-email`} className="sr-only">
                  Email address
                </label>
                <Input
                  id={`${id}-email`}
                  name="email"
                  type="email"
                  autoComplete="email"
                  placeholder="Your email address"
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                  disabled={ask.isPending}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? errorId : undefined}
                  className="min-w-0 sm:flex-1"
                />
              </>
            )}
            <Button type="submit" loading={ask.isPending} className={compact ? 'sm:w-auto' : undefined}>
              {ask.isPending ? 'Sending...' : 'Notify me'}
            </Button>
          </form>
          {problem && (
            <p id={errorId} role="alert" className="mt-2 text-sm text-destructive">
              {problem}
            </p>
          )}
        </>
      )}
    </section>
  )
}
