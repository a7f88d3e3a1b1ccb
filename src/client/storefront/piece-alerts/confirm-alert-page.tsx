import { useMutation } from '@tanstack/react-query'
import { BellRing } from 'lucide-react'
import { Link, useSearchParams } from 'react-router'
import { PIECE_ALERT_MESSAGES } from '../../../shared/piece-alert-messages'
import type { pieceAlertsContract } from '../../../shared/piece-alerts/contract'
import { call } from '../../lib/api'
import { failureMessage } from '../../lib/mutation-toasts'
import { Button } from '../../ui/button'
import { EmptyState } from '../../ui/empty-state'

/**
 * /alerts/confirm?token=: the confirmation e-mail's link (double opt-in) lands here. One click on
 * the button confirms: the link itself changes nothing, since mail scanners open every link.
 */
export function ConfirmAlertPage() {
  const [search] = useSearchParams()
  const token = search.get('token') ?? ''
  const confirm = useMutation({
    mutationFn: () =>
      call<typeof pieceAlertsContract.confirm>(
        { method: 'POST', path: '/api/alerts/confirm' },
        { body: { token } },
      ),
  })
  const browse = (
    <Button asChild variant="secondary">
      <Link to="/products">Discover the collection</Link>
    </Button>
  )
  if (confirm.isSuccess)
    return (
      <EmptyState
        level={1}
        className="py-24"
        icon={<BellRing className="size-7" aria-hidden />}
        title="You are on the list"
        description="We will write when a similar piece arrives: one e-mail for each new piece, for a year, and every one lets you stop with one click."
        action={browse}
      />
    )
  return (
    <EmptyState
      level={1}
      className="py-24"
      icon={<BellRing className="size-7" aria-hidden />}
      title="Hear of similar pieces"
      description={
        !token
          ? PIECE_ALERT_MESSAGES.badConfirmToken
          : confirm.isError
            ? failureMessage(confirm.error)
            : 'One click and we will write to this address when a new piece arrives in the category you asked about. Nothing else, and you can stop at any time.'
      }
      action={
        token && !confirm.isError ? (
          <Button onClick={() => confirm.mutate()} disabled={confirm.isPending}>
            {confirm.isPending ? 'Confirming...' : 'Yes, tell me'}
          </Button>
        ) : (
          browse
        )
      }
    />
  )
}
