import { Link } from 'react-router'
import { PolicyContact, PolicyLayout, PolicySection, useStoreName } from './policy-layout'

export function PrivacyPolicyPage() {
  const storeName = useStoreName()
  return (
    <PolicyLayout title="Privacy Policy" updated="2026-11-21">
      <p>
        {storeName} (“we”, “us”) is a small family business in Houston, Texas. This policy explains what
        personal information we collect when you visit our website or buy from us, how we use and protect it,
        and the choices you have. We collect only what we need to serve you, and we never sell your personal
        information.
      </p>

      <PolicySection id="information-we-collect" title="Information we collect">
        <p>
          <strong>Information you give us</strong>
        </p>
        <ul>
          <li>
            <strong>Orders:</strong> your name, email address, phone number, shipping address and any
            instructions you add at checkout.
          </li>
          <li>
            <strong>Your account:</strong> your username, name, email address, saved address and wishlist.
            Your password is stored only in a securely hashed form that no one, including us, can read.
          </li>
          <li>
            <strong>Messages:</strong> what you write to us through the contact form, by email or by text.
          </li>
          <li>
            <strong>Reviews:</strong> the name, rating, review and optional photo you submit.
          </li>
          <li>
            <strong>Newsletter:</strong> the email address you subscribe with.
          </li>
        </ul>
        <p>
          <strong>Payment information</strong>
        </p>
        <p>
          Card payments are handled by our payment processor over an encrypted connection; we never see or
          store your full card number. For Zelle payments we keep the name, phone number or email address the
          payment came from, so that we can match it to your order and send any refund back the same way.
        </p>
        <p>
          <strong>Information collected automatically</strong>
        </p>
        <p>
          Like most websites, our servers record basic technical information with each visit, such as your IP
          address, browser type and the pages requested. We use it to keep the site secure and working, for
          example to block abusive traffic.
        </p>
      </PolicySection>

      <PolicySection id="how-we-use-it" title="How we use your information">
        <ul>
          <li>To process, ship and support your orders, and to send order confirmations and updates.</li>
          <li>To answer your questions and requests.</li>
          <li>To run your account, your cart and your wishlist.</li>
          <li>
            To publish reviews you submit once we have approved them; your name and any photo you add appear
            with your review.
          </li>
          <li>
            To send our newsletter, only if you have subscribed. Every newsletter lets you unsubscribe in one
            click. Our newsletters carry no tracking pixels and no rewritten links: we do not record whether
            or when you open them, or which links you follow.
          </li>
          <li>
            If you leave a card checkout unfinished after giving your email address, or leave pieces in your
            cart while signed in, to send you one reminder a few hours later, never more than one a day. Each
            reminder lets you stop them in one click. The details of an unfinished checkout are deleted a day
            after it, or once its reminder has gone if that is later.
          </li>
          <li>To prevent fraud, protect our customers and our website, and meet our legal obligations.</li>
        </ul>
      </PolicySection>

      <PolicySection id="sharing" title="When we share information">
        <p>We do not sell or rent your personal information. We share it only:</p>
        <ul>
          <li>
            with the service providers who help us run the shop (our payment processor, shipping carriers,
            email delivery and website hosting), each only as far as needed for their task;
          </li>
          <li>when the law requires it, or to protect our rights, our customers or the public;</li>
          <li>with a successor business, should the shop ever change hands, under this same policy.</li>
        </ul>
      </PolicySection>

      <PolicySection id="protection" title="How we protect your information">
        <p>
          Our website is served only over encrypted HTTPS connections. Passwords are hashed, access to order
          and customer records is limited to the people who need it to run the shop, and photos uploaded with
          reviews are re-processed with their location data removed. No method of transmission or storage is
          completely secure, but we take care to protect your information and to act quickly if anything goes
          wrong.
        </p>
        <p>
          We keep order records for as long as tax and accounting rules require, and other information only
          for as long as it is useful to you or needed for the purposes above.
        </p>
      </PolicySection>

      <PolicySection id="your-rights" title="Your rights and choices">
        <p>Wherever you live, you can ask us to:</p>
        <ul>
          <li>tell you what personal information we hold about you and give you a copy;</li>
          <li>correct information that is inaccurate;</li>
          <li>
            delete your information, except what we must keep by law (for example, records of a purchase);
          </li>
          <li>stop sending you marketing emails.</li>
        </ul>
        <p>
          If you have an account, you can update your details at any time in your account. For anything else,
          contact us by email or text; we may ask you to confirm your identity before acting on a request.
          Residents of Texas and other states with consumer privacy laws may have additional rights under
          those laws, including the right to appeal our decision on a request. We will never treat you
          differently for exercising your rights.
        </p>
      </PolicySection>

      <PolicySection id="cookies" title="Cookies">
        <p>We use only the cookies the shop needs to work:</p>
        <ul>
          <li>
            a session cookie that remembers your cart and keeps you signed in; it expires after 30 days and is
            cleared when you sign out;
          </li>
          <li>cookies set by our payment processor during card checkout, to help prevent fraud.</li>
        </ul>
        <p>
          We do not use advertising cookies or third-party tracking. You can block or delete cookies in your
          browser settings, but your cart, sign-in and checkout will not work without the session cookie.
        </p>
      </PolicySection>

      <PolicySection id="children" title="Children">
        <p>
          Our website is not directed to children, and purchases are limited to adults 18 or older. We do not
          knowingly collect personal information from children under 13. If you believe a child has given us
          their information, please contact us and we will delete it.
        </p>
      </PolicySection>

      <PolicySection id="consent" title="Your consent and changes to this policy">
        <p>
          By using our website or buying from us, you consent to the collection and use of your information as
          described in this policy. You can withdraw your consent to marketing at any time by unsubscribing or
          contacting us.
        </p>
        <p>
          We may update this policy from time to time. The date at the top shows when it last changed, and
          changes apply from the moment they are posted here. Our{' '}
          <Link to="/terms-conditions">Terms &amp; Conditions</Link> also apply to your use of the site.
        </p>
      </PolicySection>

      <PolicySection id="contact" title="Contact us">
        <p>
          For any question about your privacy or to make a request, email or text us. Please text rather than
          call.
        </p>
        <PolicyContact />
      </PolicySection>
    </PolicyLayout>
  )
}
