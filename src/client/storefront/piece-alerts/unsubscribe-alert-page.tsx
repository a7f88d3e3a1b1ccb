import { useMutation } from '@tanstack/react-query'
import { BellOff } from 'lucide-react'
import { Link, useSearchParams } from 'react-router'
import { PIECE_ALERT_MESSAGES } from '../../../shared/piece-alert-messages'
import type { pieceAlertsContract } from '../../../shared/piece-alerts/contract'
import { call } from '../../lib/api'
import { failureMessage } from '../../lib/mutation-toasts'
import { Button } from '../../ui/button'
import { EmptyState } from '../../ui/empty-state'

/**
 * /alerts/unsubscribe?token=: an alert e-mail's unsubscribe link. One click on the button stops
 * them (mail programs use List-Unsubscribe's one-click address instead); the link itself changes
 * nothing, since mail scanners open every link.
 */
export function UnsubscribeAlertPage() {
  const [search] = useSearchParams()
  const token = search.get('token') ?? ''
  const stop = useMutation({
    mutationFn: () =>
      call<typeof pieceAlertsContract.unsubscribe>(
        { method: 'POST', path: '/api/alerts/unsubscribe' },
        { body: { token } },
      ),
  })
  const home = (
    <Button asChild variant="secondary">
      <Link to="/">Return to Home</Link>
    </Button>
  )
  if (stop.isSuccess)
    return (
      <EmptyState
        level={1}
        className="py-24"
        icon={<BellOff className="size-7" aria-hidden />}
        title="You are unsubscribed"
        description={PIECE_ALERT_MESSAGES.unsubscribed}
        action={home}
      />
    )
  return (
    <EmptyState
      level={1}
      className="py-24"
      icon={<BellOff className="size-7" aria-hidden />}
      title="Stop e-mails about new pieces"
      description={
        !token
          ? PIECE_ALERT_MESSAGES.badToken
          : stop.isError
            ? failureMessage(stop.error)
            : 'Press the button and we will no longer write to this address when new pieces arrive. You can ask again on any sold piece.'
      }
      action={
        token && !stop.isError ? (
          <Button onClick={() => stop.mutate()} disabled={stop.isPending}>
            {stop.isPending ? 'Unsubscribing...' : 'Unsubscribe'}
          </Button>
        ) : (
          home
        )
      }
    />
  )
}
