import type { StoreInfo } from '../../../../shared/ssr'
import type { OutgoingMail } from '../outbox'
import { COLORS, MailButton, P, renderMailHtml, signature } from './layout'

/** The reset link of DESIGN.md §4: valid one hour, single use. */
export function passwordResetMail(to: string, resetUrl: string, store: StoreInfo): OutgoingMail {
  const text = [
    'Hello,',
    '',
    `We received a request to reset the password of your ${store.name} account.`,
    'Open this link to choose a new password:',
    '',
    resetUrl,
    '',
    'The link is valid for one hour and works once.',
    'If you did not request a new password, you can ignore this e-mail: your password stays as it is.',
    '',
    ...signature(store),
  ].join('\n')

  const html = renderMailHtml(
    store,
    <>
      <P>Hello,</P>
      <P style={{ marginBottom: 20 }}>
        {`We received a request to reset the password of your ${store.name} account.`}
      </P>
      <MailButton href={resetUrl}>Choose a new password</MailButton>
      <P style={{ fontSize: 13, color: COLORS.muted }}>
        Or copy this link into your browser:
        <br />
        <span style={{ wordBreak: 'break-all' }}>{resetUrl}</span>
      </P>
      <P>The link is valid for one hour and works once.</P>
      <P style={{ margin: 0 }}>
        If you did not request a new password, you can ignore this e-mail: your password stays as it is.
      </P>
    </>,
  )

  return { kind: 'password-reset', to, subject: `Reset your ${store.name} password`, text, html }
}
