import { MailX } from 'lucide-react'
import type { checkoutRemindersContract } from '../../../shared/checkout-reminders/contract'
import { REMINDER_UNSUBSCRIBE_MESSAGES } from '../../../shared/checkout-reminders/messages'
import { call } from '../../lib/api'
import { TokenActionPage, UNSUBSCRIBE_PAGE } from '../../ui/token-action-page'

/**
 * The unfinished-checkout reminder's unsubscribe link lands here; one click on the button
 * unsubscribes. (Mail clients that offer "Unsubscribe" themselves post to the API directly: RFC 8058.)
 */
export function ReminderUnsubscribePage() {
  return (
    <TokenActionPage
      {...UNSUBSCRIBE_PAGE}
      icon={MailX}
      title="Stop checkout reminders"
      prompt="Press the button and we will not write to this address again about a checkout left unfinished. E-mails about your orders still reach you."
      done={REMINDER_UNSUBSCRIBE_MESSAGES.unsubscribed}
      missingToken={REMINDER_UNSUBSCRIBE_MESSAGES.badToken}
      act={(token) =>
        call<typeof checkoutRemindersContract.unsubscribe>(
          { method: 'POST', path: '/api/checkout-reminders/unsubscribe' },
          { body: { token } },
        )
      }
    />
  )
}
