import { useMutation, useQuery } from '@tanstack/react-query'
import { Mail, Phone } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { useSearchParams } from 'react-router'
import type { z } from 'zod'
import type { InquiryInput, inquirySchema } from '../../../shared/inquiries'
import { HONEYPOT_FIELD, INQUIRY_MESSAGES } from '../../../shared/inquiry-labels'
import { api } from '../../lib/api'
import { lazyResolver } from '../../lib/lazy-resolver'
import { queries } from '../../lib/queries'
import { Button } from '../../ui/button'
import { FormField } from '../../ui/form-field'
import { Input } from '../../ui/input'
import { Textarea } from '../../ui/textarea'
import { toast } from '../../ui/use-toast'

type InquiryOutput = z.output<typeof inquirySchema>

const checkInquiry = lazyResolver<InquiryInput, InquiryOutput>(async () => {
  const [{ zodResolver }, { inquirySchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('../../../shared/inquiries'),
  ])
  return zodResolver(inquirySchema)
})

export function ContactPage() {
  const { data: store } = useQuery(queries.store())
  const [search] = useSearchParams()
  const blank: InquiryInput = {
    name: '',
    email: '',
    subject: search.get('subject')?.slice(0, 200) ?? '',
    message: '',
    [HONEYPOT_FIELD]: '',
  }
  const form = useForm<InquiryInput, unknown, z.output<typeof inquirySchema>>({
    resolver: checkInquiry,
    defaultValues: blank,
  })
  const { errors } = form.formState
  const send = useMutation({
    mutationFn: (values: z.output<typeof inquirySchema>) => api.post('/api/inquiries', values),
    onSuccess: () => {
      form.reset({ ...blank, subject: '' })
      toast({ variant: 'success', ...INQUIRY_MESSAGES.sent })
    },
    onError: () => toast({ variant: 'destructive', ...INQUIRY_MESSAGES.failed }),
  })

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
              onSubmit={form.handleSubmit((values) => send.mutate(values))}
            >
              <div className="grid gap-6 sm:grid-cols-2">
                <FormField label="Name" htmlFor="contact-name" error={errors.name?.message}>
                  <Input autoComplete="name" {...form.register('name')} />
                </FormField>
                <FormField label="Email" htmlFor="contact-email" error={errors.email?.message}>
                  <Input type="email" autoComplete="email" {...form.register('email')} />
                </FormField>
              </div>
              <FormField label="Subject" htmlFor="contact-subject" error={errors.subject?.message}>
                <Input maxLength={200} {...form.register('subject')} />
              </FormField>
              <FormField label="Message" htmlFor="contact-message" error={errors.message?.message}>
                <Textarea rows={5} maxLength={5000} {...form.register('message')} />
              </FormField>
              {/* A field people never see or reach; bots fill it in and are dropped (server side). */}
              <div aria-hidden className="absolute -left-[9999px] h-px w-px overflow-hidden">
                <label htmlFor="contact-website">Website</label>
                <input
                  id="contact-website"
                  tabIndex={-1}
                  autoComplete="off"
                  {...form.register(HONEYPOT_FIELD)}
                />
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
