import { Link } from 'react-router'
import { PolicyContact, PolicyLayout, PolicySection, useStoreName } from './policy-layout'

export function ReturnPolicyPage() {
  const storeName = useStoreName()
  return (
    <PolicyLayout title="Return Policy" updated="2026-11-21">
      <p>
        Every piece at {storeName} is natural Type A jadeite, chosen by hand and, in most cases, one of a
        kind. We want you to love what you receive. If a piece is not right for you, this policy explains how
        to return it and how your refund is handled.
      </p>

      <PolicySection id="return-window" title="Returns within 14 days">
        <p>
          You may return an item within <strong>14 days of purchase</strong>. To be accepted, the piece must
          come back unworn and in the condition you received it, together with its authentication card and
          original packaging.
        </p>
        <p>
          Please contact us before you send anything back, so that we can confirm the return and give you the
          address and instructions. Parcels sent without contacting us first may be delayed.
        </p>
      </PolicySection>

      <PolicySection id="how-to-return" title="How to start a return">
        <ol>
          <li>Email or text us with your order number, the piece you are returning and the reason.</li>
          <li>We reply with the return address and packing instructions.</li>
          <li>
            Pack the piece securely with its authentication card and ship it with a tracked, insured service.
          </li>
          <li>Send us the tracking number so that we can watch for your parcel.</li>
        </ol>
      </PolicySection>

      <PolicySection id="return-shipping" title="Return shipping">
        <p>
          The customer pays the cost of return shipping. Because jadeite is valuable and fragile, we strongly
          recommend a tracked and insured service: until the parcel reaches us, it travels at your risk.
        </p>
      </PolicySection>

      <PolicySection id="refunds" title="Refunds">
        <p>
          We issue your refund <strong>within 5 business days of receiving the item</strong>, to the same
          place your payment came from:
        </p>
        <ul>
          <li>
            <strong>Card payments</strong> are refunded to the original payment method.
          </li>
          <li>
            <strong>Zelle payments</strong> are refunded by Zelle to the same phone number or email address
            the payment was sent from.
          </li>
        </ul>
        <p>
          We will let you know when your refund has been sent. Your bank or card issuer may take a few more
          days to show it on your statement.
        </p>
      </PolicySection>

      <PolicySection id="exceptions" title="Items that cannot be returned">
        <ul>
          <li>
            <strong>Custom items</strong>, made or altered to your request, cannot be returned unless they are
            defective.
          </li>
          <li>
            <strong>Sale items</strong> are final sale and cannot be returned.
          </li>
        </ul>
      </PolicySection>

      <PolicySection id="damaged-items" title="Damaged or incorrect items">
        <p>
          Every piece is inspected and packed with care, but if your order arrives damaged or is not the item
          you ordered, please let us know <strong>within 48 hours of delivery</strong>. Include your order
          number and photographs of the piece and its packaging, and keep all the packing materials until we
          have resolved it.
        </p>
        <p>
          We will work with you to make it right. Damage reported after 48 hours may not be eligible for a
          refund.
        </p>
      </PolicySection>

      <PolicySection id="contact" title="Contact us">
        <p>
          For returns, refunds or any question about your order, email or text us. Please text rather than
          call.
        </p>
        <PolicyContact />
        <p>
          See also our <Link to="/terms-conditions">Terms &amp; Conditions</Link>.
        </p>
      </PolicySection>
    </PolicyLayout>
  )
}
