import { useMutation } from '@tanstack/react-query'
import { MailX } from 'lucide-react'
import { Link, useSearchParams } from 'react-router'
import { REMINDER_UNSUBSCRIBE_MESSAGES } from '../../../shared/checkout-reminder-messages'
import type { checkoutRemindersContract } from '../../../shared/checkout-reminders/contract'
import { call } from '../../lib/api'
import { failureMessage } from '../../lib/mutation-toasts'
import { Button } from '../../ui/button'
import { EmptyState } from '../../ui/empty-state'

/**
 * The unfinished-checkout reminder's unsubscribe link lands here. One click on the button
 * unsubscribes; the link itself changes nothing, since mail scanners open every link they find.
 * (Mail clients that offer "Unsubscribe" themselves post to the API directly: RFC 8058.)
 */
export function ReminderUnsubscribePage() {
  const [search] = useSearchParams()
  const token = search.get('token') ?? ''
  const leave = useMutation({
    mutationFn: () =>
      call<typeof checkoutRemindersContract.unsubscribe>(
        { method: 'POST', path: '/api/checkout-reminders/unsubscribe' },
        { body: { token } },
      ),
  })
  const home = (
    <Button asChild variant="secondary">
      <Link to="/">Return to Home</Link>
    </Button>
  )
  if (leave.isSuccess)
    return (
      <EmptyState
        level={1}
        className="py-24"
        icon={<MailX className="size-7" aria-hidden />}
        title="You are unsubscribed"
        description={REMINDER_UNSUBSCRIBE_MESSAGES.unsubscribed}
        action={home}
      />
    )
  return (
    <EmptyState
      level={1}
      className="py-24"
      icon={<MailX className="size-7" aria-hidden />}
      title="Stop checkout reminders"
      description={
        !token
          ? REMINDER_UNSUBSCRIBE_MESSAGES.badToken
          : leave.isError
            ? failureMessage(leave.error)
            : 'Press the button and we will not write to this address again about a checkout left unfinished. E-mails about your orders still reach you.'
      }
      action={
        token && !leave.isError ? (
          <Button onClick={() => leave.mutate()} disabled={leave.isPending}>
            {leave.isPending ? 'Unsubscribing...' : 'Unsubscribe'}
          </Button>
        ) : (
          home
        )
      }
    />
  )
}
