import { MailCheck } from 'lucide-react'
import type { newsletterContract } from '../../../shared/newsletter/contract'
import { CONFIRM_MESSAGES } from '../../../shared/newsletter/messages'
import { call } from '../../lib/api'
import { CONFIRM_PAGE, TokenActionPage } from '../../ui/token-action-page'

/** The confirmation e-mail's link lands here (double opt-in); one click on the button confirms. */
export function ConfirmSubscriptionPage() {
  return (
    <TokenActionPage
      {...CONFIRM_PAGE}
      icon={MailCheck}
      title="Confirm your subscription"
      doneTitle="You are subscribed"
      prompt="One click and this address joins our newsletter: new pieces as they arrive, and the shows where you can see them in person. You can leave at any time."
      done={`${CONFIRM_MESSAGES.confirmed} We write when new pieces arrive and before the shows where you can see them in person.`}
      missingToken={CONFIRM_MESSAGES.badToken}
      action="Confirm my subscription"
      act={(token) =>
        call<typeof newsletterContract.confirm>(
          { method: 'POST', path: '/api/newsletter/confirm' },
          { body: { token } },
        )
      }
    />
  )
}
