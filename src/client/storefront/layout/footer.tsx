import { useQuery } from '@tanstack/react-query'
import { AtSign, Mail, Phone } from 'lucide-react'
import { Link } from 'react-router'
import { queries } from '../../lib/queries'
import { NewsletterForm } from './newsletter-form'

const linkClass = 'text-sm text-ivory/75 transition-colors hover:text-ivory'

export function Footer() {
  const { data: store } = useQuery(queries.store())
  const year = new Date().getFullYear()
  return (
    <footer className="mt-24 bg-jade-900 text-ivory">
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-12 px-4 py-16 sm:px-6 md:grid-cols-12 lg:px-8">
        <div className="md:col-span-4">
          <Link to="/" className="font-display text-3xl font-semibold tracking-wide">
            {store?.name ?? 'Jade Shop'}
          </Link>
          <p className="mt-3 max-w-xs text-sm leading-relaxed text-ivory/75">
            100% Natural Type A Jadeite in the USA. Each piece is chosen by hand in Myanmar and arrives with
            its official authentication card.
          </p>
          <a
            href="https://www.instagram.com/"
            target="_blank"
            rel="noopener noreferrer"
            className="mt-6 inline-flex items-center gap-2 text-sm text-ivory/75 hover:text-ivory"
          >
            <AtSign className="size-4" aria-hidden /> Follow us on Instagram
          </a>
        </div>
        <nav aria-label="Footer" className="md:col-span-2">
          <h2 className="font-display text-lg">Shop</h2>
          <ul className="mt-4 space-y-3">
            <li>
              <Link to="/" className={linkClass}>
                Home
              </Link>
            </li>
            <li>
              <Link to="/products" className={linkClass}>
                All Collections
              </Link>
            </li>
            <li>
              <Link to="/journal" className={linkClass}>
                Journal
              </Link>
            </li>
            <li>
              <Link to="/gift-cards" className={linkClass}>
                Gift Cards
              </Link>
            </li>
            <li>
              <Link to="/contact" className={linkClass}>
                Contact Us
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Policies" className="md:col-span-2">
          <h2 className="font-display text-lg">Policies</h2>
          <ul className="mt-4 space-y-3">
            <li>
              <Link to="/return-policy" className={linkClass}>
                Return Policy
              </Link>
            </li>
            <li>
              <Link to="/privacy-policy" className={linkClass}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to="/terms-conditions" className={linkClass}>
                Terms &amp; Conditions
              </Link>
            </li>
          </ul>
        </nav>
        <div className="md:col-span-4">
          <h2 className="font-display text-lg">Join our newsletter</h2>
          <p className="mt-2 text-sm text-ivory/75">New pieces, first. No noise.</p>
          <NewsletterForm />
          {store && (
            <ul className="mt-6 space-y-2 text-sm text-ivory/75">
              <li>
                <a href={`mailto:${store.email}`} className="inline-flex items-center gap-2 hover:text-ivory">
                  <Mail className="size-4" aria-hidden /> {store.email}
                </a>
              </li>
              <li>
                <a href={`tel:${store.phone}`} className="inline-flex items-center gap-2 hover:text-ivory">
                  <Phone className="size-4" aria-hidden /> {store.phone}
                </a>
              </li>
            </ul>
          )}
        </div>
      </div>
      <div className="border-t border-ivory/15">
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs text-ivory/60 sm:px-6 lg:px-8">
          © {year} {store?.name ?? 'Jade Shop'}. All rights reserved.
        </p>
      </div>
    </footer>
  )
}
