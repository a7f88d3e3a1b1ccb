import { BellOff } from 'lucide-react'
import type { pieceAlertsContract } from '../../../shared/piece-alerts/contract'
import { PIECE_ALERT_MESSAGES } from '../../../shared/piece-alerts/messages'
import { call } from '../../lib/api'
import { TokenActionPage, UNSUBSCRIBE_PAGE } from '../../ui/token-action-page'

/**
 * /alerts/unsubscribe?token=: an alert e-mail's unsubscribe link; one click on the button stops
 * them (mail programs use List-Unsubscribe's one-click address instead).
 */
export function UnsubscribeAlertPage() {
  return (
    <TokenActionPage
      {...UNSUBSCRIBE_PAGE}
      icon={BellOff}
      title="Stop e-mails about new pieces"
      prompt="Press the button and we will no longer write to this address when new pieces arrive. You can ask again on any sold piece."
      done={PIECE_ALERT_MESSAGES.unsubscribed}
      missingToken={PIECE_ALERT_MESSAGES.badToken}
      act={(token) =>
        call<typeof pieceAlertsContract.unsubscribe>(
          { method: 'POST', path: '/api/alerts/unsubscribe' },
          { body: { token } },
        )
      }
    />
  )
}
