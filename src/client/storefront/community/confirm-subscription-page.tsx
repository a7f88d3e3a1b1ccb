import { useMutation } from '@tanstack/react-query'
import { MailCheck } from 'lucide-react'
import { Link, useSearchParams } from 'react-router'
import type { newsletterContract } from '../../../shared/newsletter/contract'
import { CONFIRM_MESSAGES } from '../../../shared/newsletter-messages'
import { call } from '../../lib/api'
import { failureMessage } from '../../lib/mutation-toasts'
import { Button } from '../../ui/button'
import { EmptyState } from '../../ui/empty-state'

/**
 * The confirmation e-mail's link lands here (double opt-in). One click on the button confirms: the
 * link itself changes nothing, since mail scanners open every link they find and must not
 * subscribe anyone.
 */
export function ConfirmSubscriptionPage() {
  const [search] = useSearchParams()
  const token = search.get('token') ?? ''
  const join = useMutation({
    mutationFn: () =>
      call<typeof newsletterContract.confirm>(
        { method: 'POST', path: '/api/newsletter/confirm' },
        { body: { token } },
      ),
  })
  const home = (
    <Button asChild variant="secondary">
      <Link to="/products">Discover the collection</Link>
    </Button>
  )
  if (join.isSuccess)
    return (
      <EmptyState
        level={1}
        className="py-24"
        icon={<MailCheck className="size-7" aria-hidden />}
        title="You are subscribed"
        description={`${CONFIRM_MESSAGES.confirmed} We write when new pieces arrive and before the shows where you can see them in person.`}
        action={home}
      />
    )
  return (
    <EmptyState
      level={1}
      className="py-24"
      icon={<MailCheck className="size-7" aria-hidden />}
      title="Confirm your subscription"
      description={
        !token
          ? CONFIRM_MESSAGES.badToken
          : join.isError
            ? failureMessage(join.error)
            : 'One click and this address joins our newsletter: new pieces as they arrive, and the shows where you can see them in person. You can leave at any time.'
      }
      action={
        token && !join.isError ? (
          <Button onClick={() => join.mutate()} disabled={join.isPending}>
            {join.isPending ? 'Confirming...' : 'Confirm my subscription'}
          </Button>
        ) : (
          home
        )
      }
    />
  )
}
