import type { StoreInfo } from '../../../../shared/ssr'
import type { OutgoingMail } from '../outbox'
import { COLORS, MailButton, P, renderMail } from './layout'

/** The reset link of DESIGN.md §4: valid one hour, single use. */
export function passwordResetMail(to: string, resetUrl: string, store: StoreInfo): OutgoingMail {
  const { html, text } = renderMail(
    store,
    <>
      <P>Hello,</P>
      <P style={{ marginBottom: 20 }}>
        {`We received a request to reset the password of your ${store.name} account.`}
      </P>
      <MailButton href={resetUrl}>Choose a new password</MailButton>
      <P data-html-only style={{ fontSize: 13, color: COLORS.muted }}>
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

/**
 * A change to how the account signs in (two-factor, password, e-mail address), told to its owner
 * so that a change they did not make does not go unseen. It names what changed and when, on the
 * shop's clock, and links nowhere but the shop's home: a mail that asks its reader to follow a
 * link about their account is what phishing looks like.
 */
export function securityNoticeMail(
  to: string,
  notice: { subject: string; what: string; when: string },
  store: StoreInfo,
  homeUrl: string,
): OutgoingMail {
  const lead = `${notice.what}.`
  const when = `When: ${notice.when}.`
  const { html, text } = renderMail(
    store,
    <>
      <P>Hello,</P>
      <P>
        {lead}
        <br />
        {when}
      </P>
      <P>If this was you, there is nothing to do.</P>
      <P style={{ margin: 0 }}>
        {'If you did not make this change, someone else may be using your account: sign in at '}
        <a href={homeUrl} style={{ color: COLORS.jade }}>
          {homeUrl}
        </a>
        {` and choose a new password (or ask for a reset link from the sign-in page), and write to us at ${store.email}.`}
      </P>
    </>,
  )
  return { kind: 'security-notice', to, subject: `${store.name}: ${notice.subject}`, text, html }
}

/** An invitation to join the shop's team (issue 35): valid 72 hours, single use. */
export function staffInvitationMail(
  to: string,
  invitation: { url: string; roleLabel: string; invitedBy: string | null },
  store: StoreInfo,
): OutgoingMail {
  const who = invitation.invitedBy ? `${invitation.invitedBy} has invited you` : 'You are invited'
  const lead = `${who} to join the ${store.name} team as ${invitation.roleLabel}.`
  const { html, text } = renderMail(
    store,
    <>
      <P>Hello,</P>
      <P style={{ marginBottom: 20 }}>{lead}</P>
      <MailButton href={invitation.url}>Accept the invitation</MailButton>
      <P data-html-only style={{ fontSize: 13, color: COLORS.muted }}>
        Or copy this link into your browser:
        <br />
        <span style={{ wordBreak: 'break-all' }}>{invitation.url}</span>
      </P>
      <P>The link is valid for 72 hours and works once.</P>
      <P style={{ margin: 0 }}>If you were not expecting this invitation, you can ignore this e-mail.</P>
    </>,
  )
  return { kind: 'staff-invitation', to, subject: `Join the ${store.name} team`, text, html }
}
