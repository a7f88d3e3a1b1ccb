import { useQuery } from '@tanstack/react-query'
import { ArrowLeft, Mail, MessageSquareText } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { formatDay } from '../../../shared/shop-dates/calendar'
import { cn } from '../../lib/cn'
import { queries } from '../../lib/queries'

// Long-form text is styled from the container, so the pages stay plain <p>, <ul> and <a>.
const proseClass = cn(
  'text-base leading-7 text-ink',
  '[&_p]:mt-4 [&_strong]:font-semibold',
  '[&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-5 [&_ul>li]:pl-1 [&_ul>li]:marker:text-gold',
  '[&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-5 [&_ol>li]:pl-1 [&_ol>li]:marker:text-ink-muted',
  '[&_a]:text-jade-700 [&_a]:underline [&_a]:decoration-gold/60 [&_a]:underline-offset-4',
  '[&_a:hover]:decoration-jade-700',
)

export interface PolicyLayoutProps {
  title: string
  /** The date the text last changed, as an ISO date (YYYY-MM-DD). */
  updated: string
  children: ReactNode
}

/** The frame for the shop's policies: one readable column, the title, the date, a way back. */
export function PolicyLayout({ title, updated, children }: PolicyLayoutProps) {
  return (
    <article className="mx-auto w-full max-w-[65ch] px-4 py-12 sm:px-0 sm:py-20">
      <BackToStore />
      <header className="mt-10">
        <h1 className="font-display text-4xl leading-tight text-ink sm:text-5xl">{title}</h1>
        <p className="mt-4 text-sm text-ink-muted">
          Last updated <time dateTime={updated}>{formatDay(updated, { long: true }) || updated}</time>
        </p>
        <div className="mt-8 h-px w-16 bg-gold" aria-hidden />
      </header>
      <div className={cn('mt-10', proseClass)}>{children}</div>
      <footer className="mt-16 border-t border-ink/10 pt-8">
        <BackToStore />
      </footer>
    </article>
  )
}

function BackToStore() {
  return (
    <Link
      to="/"
      className="inline-flex items-center gap-2 text-sm font-medium text-jade-700 transition-colors hover:text-jade-900"
    >
      <ArrowLeft className="size-4" aria-hidden /> Back to Store
    </Link>
  )
}

export interface PolicySectionProps {
  /** Anchor for links such as /return-policy#damaged-items. */
  id: string
  title: string
  children: ReactNode
}

/** One numbered-by-eye part of a policy: an h2 and its text. */
export function PolicySection({ id, title, children }: PolicySectionProps) {
  return (
    <section aria-labelledby={id} className="mt-12 first:mt-0">
      <h2 id={id} className="scroll-mt-28 font-display text-2xl leading-snug text-ink sm:text-3xl">
        {title}
      </h2>
      {children}
    </section>
  )
}

/** The shop's name, for the policies' text; the store query is prefetched on every page. */
export function useStoreName(): string {
  const { data: store } = useQuery(queries.store())
  return store?.name ?? 'Jade Shop'
}

/** An sms: link wants the bare number: digits and a leading plus. */
export function smsHref(phone: string): string {
  return `sms:${phone.replace(/[^\d+]/g, '')}`
}

/** How to reach the shop: e-mail or a text message (the shop asks not to be called). */
export function PolicyContact() {
  const { data: store } = useQuery(queries.store())
  if (!store) return null
  return (
    <address className="mt-6 space-y-3 not-italic">
      <span className="flex items-center gap-3">
        <Mail className="size-4 shrink-0 text-jade-700" aria-hidden />
        <span>
          Email: <a href={`mailto:${store.email}`}>{store.email}</a>
        </span>
      </span>
      <span className="flex items-center gap-3">
        <MessageSquareText className="size-4 shrink-0 text-jade-700" aria-hidden />
        <span>
          Text: <a href={smsHref(store.phone)}>{store.phone}</a>
        </span>
      </span>
    </address>
  )
}
