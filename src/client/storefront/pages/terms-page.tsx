import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { formatCents } from '../../../shared/money'
import { queries } from '../../lib/queries'
import { PolicyContact, PolicyLayout, PolicySection, useStoreName } from './policy-layout'

export function TermsPage() {
  const storeName = useStoreName()
  const { data: store } = useQuery(queries.store())
  return (
    <PolicyLayout title="Terms & Conditions" updated="2026-11-21">
      <p>
        These terms apply to your use of the {storeName} website and to every purchase you make from us (“we”,
        “us”). Please read them with our <Link to="/return-policy">Return Policy</Link> and{' '}
        <Link to="/privacy-policy">Privacy Policy</Link>, which form part of them. By using the site or
        placing an order, you agree to these terms.
      </p>

      <PolicySection id="use-of-site" title="Use of the site">
        <ul>
          <li>
            You must be <strong>18 or older</strong> to place an order. By ordering, you confirm that you are.
          </li>
          <li>
            If you create an account, keep your password private; you are responsible for what is done with
            your account. Please give us accurate, current information.
          </li>
          <li>
            Use the site lawfully. Do not interfere with its operation, attempt to gain access to parts of it
            not meant for you, or copy its content by automated means.
          </li>
        </ul>
        <p>We may suspend an account or refuse service where these terms are broken.</p>
      </PolicySection>

      <PolicySection id="product-accuracy" title="Product information and accuracy">
        <p>
          Every piece we sell is natural Type A jadeite, untreated and undyed, and comes with its official
          authentication card. We describe, measure and photograph each piece as faithfully as we can.
        </p>
        <p>
          Jadeite is a natural stone: color, translucency and inner markings vary from piece to piece and are
          part of its character, not defects. Colors can look different from one screen to another, and
          measurements and weights are approximate. If you would like more photographs or details before you
          buy, please ask us.
        </p>
        <p>
          We try to keep every description and price accurate, but errors can happen. If we find one, we will
          correct it and, where it affects your order, tell you before we go further; you may then cancel for
          a full refund.
        </p>
      </PolicySection>

      <PolicySection id="payment-and-orders" title="Prices, payment and order acceptance">
        <ul>
          <li>
            All prices are in <strong>US dollars (USD)</strong>. Prices may change at any time, but the price
            you pay is the one shown when you place your order.
          </li>
          <li>
            We accept card payments, processed securely by our payment processor, and Zelle. A Zelle order is
            held for you while we wait for your payment, and ships once the payment is confirmed; we may
            cancel it if payment does not arrive within a reasonable time.
          </li>
          <li>
            The confirmation email you receive after ordering acknowledges your order. Your order is accepted
            when we confirm payment and prepare it for shipping.
          </li>
          <li>
            Most of our pieces are one of a kind. We may decline or cancel an order, for example if the piece
            has already been sold, if a price or description was wrong, or if we suspect fraud. If we cancel
            an order you have paid for, we refund you in full.
          </li>
        </ul>
      </PolicySection>

      <PolicySection id="shipping" title="Shipping">
        <p>
          Orders are processed within 1–2 business days and ship <strong>within 3–5 business days</strong> of
          payment being confirmed.
          {store && (
            <>
              {' '}
              Shipping is free on orders of {formatCents(store.freeShippingThresholdCents)} or more; otherwise
              the shipping cost is shown in your cart and at checkout before you pay.
            </>
          )}
        </p>
        <p>
          Every piece is packed with care. If you would like your shipment insured, tell us at checkout and we
          will contact you with the options. Delivery times given by carriers are estimates, and we are not
          responsible for delays once a parcel is in the carrier’s hands.
        </p>
      </PolicySection>

      <PolicySection id="returns" title="Returns">
        <p>
          Returns are governed by our <Link to="/return-policy">Return Policy</Link>. In short: you may return
          an item within 14 days of purchase at your own shipping cost; custom items cannot be returned unless
          they are defective, and sale items are final. Beyond what the Return Policy allows,{' '}
          <strong>all sales are final unless the item arrives damaged or is not the item you ordered</strong>,
          which you must report within 48 hours of delivery.
        </p>
      </PolicySection>

      <PolicySection id="liability" title="Limitation of liability">
        <p>
          The site and its content are provided “as is”. To the fullest extent the law allows, {storeName} is
          not liable for any indirect, incidental or consequential loss arising from your use of the site or
          our products, and our total liability for any claim about an order is limited to the amount you paid
          for that order.
        </p>
        <p>
          Jadeite is very tough but can chip or break if it is struck or dropped. We are not responsible for
          damage that happens after delivery through wear, accident or improper care. Nothing in these terms
          limits any right you have that cannot be limited by law.
        </p>
      </PolicySection>

      <PolicySection id="intellectual-property" title="Intellectual property">
        <p>
          The text, photographs, graphics, logo and design of this website belong to {storeName} or are used
          with permission, and are protected by copyright and trademark law. You may view and share links to
          our pages for personal use, but you may not copy, reproduce or use our content for commercial
          purposes without our written permission.
        </p>
        <p>
          When you submit a review or photo, you give us permission to display it on our website and in our
          communications. You confirm that it is your own work and that it does not infringe anyone else’s
          rights.
        </p>
      </PolicySection>

      <PolicySection id="privacy" title="Privacy">
        <p>
          How we collect, use and protect your personal information is described in our{' '}
          <Link to="/privacy-policy">Privacy Policy</Link>.
        </p>
      </PolicySection>

      <PolicySection id="governing-law" title="Governing law and changes">
        <p>
          These terms are governed by the laws of the State of Texas and the applicable laws of the United
          States. Any dispute will be resolved in the state or federal courts located in Harris County, Texas,
          unless the law requires otherwise.
        </p>
        <p>
          We may update these terms from time to time. The version posted here when you place an order applies
          to that order.
        </p>
      </PolicySection>

      <PolicySection id="contact" title="Contact us">
        <p>Questions about these terms or an order? Email or text us. Please text rather than call.</p>
        <PolicyContact />
      </PolicySection>
    </PolicyLayout>
  )
}
