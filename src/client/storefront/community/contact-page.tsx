import { useMutation, useQuery } from '@tanstack/react-query'
import { Mail, Phone } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { useSearchParams } from 'react-router'
import type { z } from 'zod'
import type { InquiryInput, inquirySchema } from '../../../shared/inquiries'
import type { inquiriesContract } from '../../../shared/inquiries/contract'
import { HONEYPOT_FIELD, INQUIRY_MESSAGES } from '../../../shared/inquiry-labels'
import { call } from '../../lib/api'
import { queries } from '../../lib/queries'
import { Button } from '../../ui/button'
import { FormField } from '../../ui/form-field'
import { Input } from '../../ui/input'
import { Textarea } from '../../ui/textarea'
import { toast } from '../../ui/use-toast'

type InquiryOutput = z.output<typeof inquirySchema>

type InquiryField = 'name' | 'email' | 'subject' | 'message'
type InquiryErrors = Partial<Record<InquiryField, string>>

/**
 * Checks the form against the API's own schema, loaded (with zod, ~38 KB compressed) when the form
 * is first checked rather than with the page: the first message of each field that fails.
 */
async function checkInquiry(form: HTMLFormElement): Promise<{ data?: InquiryOutput; errors: InquiryErrors }> {
  const { inquirySchema } = await import('../../../shared/inquiries')
  const result = inquirySchema.safeParse(Object.fromEntries(new FormData(form)) as InquiryInput)
  if (result.success) return { data: result.data, errors: {} }
  const errors: InquiryErrors = {}
  for (const issue of result.error.issues) {
    const field = issue.path[0] as InquiryField
    errors[field] ??= issue.message
  }
  return { errors }
}

export function ContactPage() {
  const { data: store } = useQuery(queries.store())
  const [search] = useSearchParams()
  const subject = search.get('subject')?.slice(0, 200) ?? ''
  const [errors, setErrors] = useState<InquiryErrors>({})
  // After a first try, each change checks again, so a message goes as soon as it is fixed.
  const [tried, setTried] = useState(false)
  const send = useMutation({
    mutationFn: (values: InquiryOutput) =>
      call<typeof inquiriesContract.send>({ method: 'POST', path: '/api/inquiries' }, { body: values }),
    onSuccess: () => toast({ variant: 'success', ...INQUIRY_MESSAGES.sent }),
    onError: () => toast({ variant: 'destructive', ...INQUIRY_MESSAGES.failed }),
  })
  const check = async (form: HTMLFormElement) => {
    const result = await checkInquiry(form)
    setErrors(result.errors)
    return result
  }
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    setTried(true)
    const { data, errors: found } = await check(form)
    if (!data) {
      const first = (['name', 'email', 'subject', 'message'] as const).find((field) => found[field])
      if (first) (form.elements.namedItem(first) as HTMLElement | null)?.focus()
      return
    }
    send.mutate(data, {
      onSuccess: () => {
        form.reset()
        ;(form.elements.namedItem('subject') as HTMLInputElement).value = ''
        setTried(false)
      },
    })
  }

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
            <form
              className="mt-8 grid gap-6"
              noValidate
              onSubmit={(event) => void submit(event)}
              onChange={tried ? (event) => void check(event.currentTarget) : undefined}
            >
              <div className="grid gap-6 sm:grid-cols-2">
                <FormField label="Name" htmlFor="contact-name" error={errors.name}>
                  <Input name="name" autoComplete="name" />
                </FormField>
                <FormField label="Email" htmlFor="contact-email" error={errors.email}>
                  <Input name="email" type="email" autoComplete="email" />
                </FormField>
              </div>
              <FormField label="Subject" htmlFor="contact-subject" error={errors.subject}>
                <Input name="subject" maxLength={200} defaultValue={subject} />
              </FormField>
              <FormField label="Message" htmlFor="contact-message" error={errors.message}>
                <Textarea name="message" rows={5} maxLength={5000} />
              </FormField>
              {/* A field people never see or reach; bots fill it in and are dropped (server side). */}
              <div aria-hidden className="absolute -left-[9999px] h-px w-px overflow-hidden">
                <label htmlFor="contact-website">Website</label>
                <input id="contact-website" tabIndex={-1} autoComplete="off" name={HONEYPOT_FIELD} />
              </div>
              <div>
                <Button type="submit" size="lg" disabled={send.isPending} className="w-full sm:w-auto">
                  {send.isPending ? 'Sending...' : 'Send Message'}
                </Button>
              </div>
            </form>
          </div>
        </section>
      </div>
    </div>
  )
}
