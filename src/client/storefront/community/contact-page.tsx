import { useQuery } from '@tanstack/react-query'
import { Mail, Phone } from 'lucide-react'
import { type ComponentType, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { useSearchParams } from 'react-router'
import { HONEYPOT_FIELD, INQUIRY_MESSAGES } from '../../../shared/inquiries/labels'
import type { InquiryInput } from '../../../shared/inquiries/schema'
import { queries } from '../../lib/queries'
import { toast } from '../../ui/use-toast'
import { CONTACT_FIELDS, type ContactField, ContactFields } from './contact-fields'
import type { ContactStart } from './contact-form'

type ContactFormComponent = ComponentType<{ start: ContactStart }>

// The form's react-hook-form and zod (about 40 KB compressed together) would take this page past
// its first-load budget (DESIGN.md §6), so the page is served and hydrated with the same fields
// unwired, and the working form loads as its own chunk when the visitor first reaches for it
// (pointer over or on it, focus in it, a submit), taking over where they were.
let loaded: ContactFormComponent | undefined
let loading: Promise<ContactFormComponent> | undefined
const loadContactForm = () =>
  (loading ??= import('./contact-form').then(
    (module) => {
      loaded = module.ContactForm
      return loaded
    },
    (error: unknown) => {
      // Offline for a moment: the next reach for the form tries again.
      loading = undefined
      throw error
    },
  ))

function ContactFormSlot({ subject }: { subject: string }) {
  const [live, setLive] = useState<{ Form: ContactFormComponent; start: ContactStart } | undefined>(() =>
    loaded ? { Form: loaded, start: { values: { ...blank, subject }, submit: false } } : undefined,
  )
  const shown = useRef<HTMLFormElement>(null)
  const submitted = useRef(false)
  // Not while a press is under way (the click, a submit, must land on the element it began on) or
  // a word is being composed (an input method's text would be cut off).
  const pressing = useRef(false)
  const composing = useRef(false)
  const swap = () => {
    const element = shown.current
    if (!loaded || !element || pressing.current || composing.current) return
    const Form = loaded
    // Read and swapped in one go, so not a keystroke falls between.
    flushSync(() => setLive({ Form, start: startOf(element, submitted.current) }))
  }
  const wake = () =>
    void loadContactForm().then(swap, () => {
      if (!submitted.current) return
      submitted.current = false
      toast({ variant: 'destructive', ...INQUIRY_MESSAGES.failed })
    })
  const release = () =>
    setTimeout(() => {
      pressing.current = false
      swap()
    })
  if (live) return <live.Form start={live.start} />
  return (
    <ContactFields
      ref={shown}
      onPointerEnter={wake}
      onPointerDown={() => {
        pressing.current = true
        window.addEventListener('pointerup', release, { once: true })
        window.addEventListener('pointercancel', release, { once: true })
        wake()
      }}
      onFocus={wake}
      onCompositionStart={() => {
        composing.current = true
      }}
      onCompositionEnd={() => {
        composing.current = false
        swap()
      }}
      onSubmit={(event) => {
        event.preventDefault()
        submitted.current = true
        wake()
      }}
      control={(name) => ({ name, defaultValue: name === 'subject' ? subject : '' })}
    />
  )
}

const blank: InquiryInput = { name: '', email: '', subject: '', message: '', [HONEYPOT_FIELD]: '' }

/** What the visitor has done in the form shown first. */
function startOf(element: HTMLFormElement, submit: boolean): ContactStart {
  const data = new FormData(element)
  const values = { ...blank }
  for (const name of [...CONTACT_FIELDS, HONEYPOT_FIELD] as const) values[name] = String(data.get(name) ?? '')
  const active = document.activeElement
  const focused =
    (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) &&
    element.contains(active) &&
    (CONTACT_FIELDS as readonly string[]).includes(active.name)
      ? (active as HTMLInputElement | HTMLTextAreaElement)
      : undefined
  return {
    values,
    submit,
    ...(focused
      ? {
          focus: {
            name: focused.name as ContactField,
            selectionStart: selection(focused, 'selectionStart'),
            selectionEnd: selection(focused, 'selectionEnd'),
          },
        }
      : {}),
  }
}

/** An e-mail input throws on reading its caret. */
function selection(field: HTMLInputElement | HTMLTextAreaElement, end: 'selectionStart' | 'selectionEnd') {
  try {
    return field[end]
  } catch {
    return null
  }
}

export function ContactPage() {
  const { data: store } = useQuery(queries.store())
  const [search] = useSearchParams()
  const subject = search.get('subject')?.slice(0, 200) ?? ''

  return (
    <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 md:py-24 lg:px-8">
      <div className="grid gap-14 lg:grid-cols-12">
        <section className="lg:col-span-5" aria-labelledby="contact-heading">
          <p className="text-xs uppercase tracking-[0.3em] text-jade-700">Contact</p>
          <h1 id="contact-heading" className="mt-4 font-display text-5xl leading-tight text-ink sm:text-6xl">
            Get In Touch
          </h1>
          <div className="mt-6 h-px w-16 bg-gold" aria-hidden />
          <p className="mt-8 max-w-md text-lg leading-relaxed text-ink-muted">
            A question about a piece, a bangle size, or a private viewing? Write to us and we answer within
            one business day.
          </p>
          {store && (
            <ul className="mt-10 grid gap-6">
              <li>
                <a href={`mailto:${store.email}`} className="group flex items-center gap-4">
                  <span className="flex size-12 items-center justify-center rounded-full border border-gold/50 text-jade-700">
                    <Mail className="size-5" aria-hidden />
                  </span>
                  <span>
                    <span className="block text-xs uppercase tracking-[0.2em] text-ink-muted">Email</span>
                    <span className="text-ink underline decoration-gold/60 underline-offset-4 group-hover:decoration-jade-700">
                      {store.email}
                    </span>
                  </span>
                </a>
              </li>
              <li>
                <a
                  href={`tel:${store.phone.replace(/[^\d+]/g, '')}`}
                  className="group flex items-center gap-4"
                >
                  <span className="flex size-12 items-center justify-center rounded-full border border-gold/50 text-jade-700">
                    <Phone className="size-5" aria-hidden />
                  </span>
                  <span>
                    <span className="block text-xs uppercase tracking-[0.2em] text-ink-muted">Phone</span>
                    <span className="tabular-nums text-ink underline decoration-gold/60 underline-offset-4 group-hover:decoration-jade-700">
                      {store.phone}
                    </span>
                  </span>
                </a>
              </li>
            </ul>
          )}
        </section>

        <section className="lg:col-span-7" aria-labelledby="send-heading">
          <div className="border border-ink/10 bg-white/60 p-6 sm:p-10">
            <h2 id="send-heading" className="font-display text-3xl text-ink">
              Send Message
            </h2>
            <ContactFormSlot subject={subject} />
          </div>
        </section>
      </div>
    </div>
  )
}
