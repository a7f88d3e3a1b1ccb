import { useMutation } from '@tanstack/react-query'
import { MailX } from 'lucide-react'
import { Link, useSearchParams } from 'react-router'
import type { newsletterContract } from '../../../shared/newsletter/contract'
import { UNSUBSCRIBE_MESSAGES } from '../../../shared/newsletter-messages'
import { call } from '../../lib/api'
import { failureMessage } from '../../lib/mutation-toasts'
import { Button } from '../../ui/button'
import { EmptyState } from '../../ui/empty-state'

/**
 * The welcome e-mail's unsubscribe link lands here. One click on the button unsubscribes: the
 * link itself changes nothing, since mail scanners open every link they find.
 */
export function UnsubscribePage() {
  const [search] = useSearchParams()
  const token = search.get('token') ?? ''
  const leave = useMutation({
    mutationFn: () =>
      call<typeof newsletterContract.unsubscribe>(
        { method: 'POST', path: '/api/newsletter/unsubscribe' },
        { body: { token } },
      ),
  })
  if (leave.isSuccess)
    return (
      <EmptyState
        level={1}
        className="py-24"
        icon={<MailX className="size-7" aria-hidden />}
        title="You are unsubscribed"
        description={UNSUBSCRIBE_MESSAGES.unsubscribed}
        action={
          <Button asChild variant="secondary">
            <Link to="/">Return to Home</Link>
          </Button>
        }
      />
    )
  return (
    <EmptyState
      level={1}
      className="py-24"
      icon={<MailX className="size-7" aria-hidden />}
      title="Unsubscribe from our newsletter"
      description={
        !token
          ? UNSUBSCRIBE_MESSAGES.badToken
          : leave.isError
            ? failureMessage(leave.error)
            : 'Press the button and this address leaves our list. You can subscribe again at any time.'
      }
      action={
        token && !leave.isError ? (
          <Button onClick={() => leave.mutate()} disabled={leave.isPending}>
            {leave.isPending ? 'Unsubscribing...' : 'Unsubscribe'}
          </Button>
        ) : (
          <Button asChild variant="secondary">
            <Link to="/">Return to Home</Link>
          </Button>
        )
      }
    />
  )
}
