import { MailX } from 'lucide-react'
import type { newsletterContract } from '../../../shared/newsletter/contract'
import { UNSUBSCRIBE_MESSAGES } from '../../../shared/newsletter/messages'
import { call } from '../../lib/api'
import { TokenActionPage, UNSUBSCRIBE_PAGE } from '../../ui/token-action-page'

/** The welcome e-mail's unsubscribe link lands here; one click on the button unsubscribes. */
export function UnsubscribePage() {
  return (
    <TokenActionPage
      {...UNSUBSCRIBE_PAGE}
      icon={MailX}
      title="Unsubscribe from our newsletter"
      prompt="Press the button and this address leaves our list. You can subscribe again at any time."
      done={UNSUBSCRIBE_MESSAGES.unsubscribed}
      missingToken={UNSUBSCRIBE_MESSAGES.badToken}
      act={(token) =>
        call<typeof newsletterContract.unsubscribe>(
          { method: 'POST', path: '/api/newsletter/unsubscribe' },
          { body: { token } },
        )
      }
    />
  )
}
