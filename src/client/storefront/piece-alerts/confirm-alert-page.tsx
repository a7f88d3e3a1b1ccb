import { BellRing } from 'lucide-react'
import type { pieceAlertsContract } from '../../../shared/piece-alerts/contract'
import { PIECE_ALERT_MESSAGES } from '../../../shared/piece-alerts/messages'
import { call } from '../../lib/api'
import { CONFIRM_PAGE, TokenActionPage } from '../../ui/token-action-page'

/** /alerts/confirm?token=: the confirmation e-mail's link (double opt-in); one click on the button confirms. */
export function ConfirmAlertPage() {
  return (
    <TokenActionPage
      {...CONFIRM_PAGE}
      icon={BellRing}
      title="Hear of similar pieces"
      doneTitle="You are on the list"
      prompt="One click and we will write to this address when a new piece arrives in the category you asked about. Nothing else, and you can stop at any time."
      done="We will write when a similar piece arrives: one e-mail for each new piece, for a year, and every one lets you stop with one click."
      missingToken={PIECE_ALERT_MESSAGES.badConfirmToken}
      action="Yes, tell me"
      act={(token) =>
        call<typeof pieceAlertsContract.confirm>(
          { method: 'POST', path: '/api/alerts/confirm' },
          { body: { token } },
        )
      }
    />
  )
}
