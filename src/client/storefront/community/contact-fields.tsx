import type { ComponentProps, ReactNode } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { HONEYPOT_FIELD } from '../../../shared/inquiries/labels'
import { Button } from '../../ui/button'
import { FormField } from '../../ui/form-field'
import { Input } from '../../ui/input'
import { Textarea } from '../../ui/textarea'

export const CONTACT_FIELDS = ['name', 'email', 'subject', 'message'] as const
export type ContactField = (typeof CONTACT_FIELDS)[number]

/** A control's wiring: react-hook-form's `register`, or a plain name and starting value. */
export type ContactControl = UseFormRegisterReturn | { name: string; defaultValue?: string }

/**
 * The contact form's markup (storefront.md §5), one for the form the page first shows and for the
 * react-hook-form one that takes its place (contact-page.tsx says why there are two): the same
 * fields, labels and ids, so nothing moves when one replaces the other.
 */
export function ContactFields({
  control,
  errors = {},
  busy = false,
  ...form
}: Omit<ComponentProps<'form'>, 'children' | 'className' | 'noValidate'> & {
  control: (name: ContactField | typeof HONEYPOT_FIELD) => ContactControl
  errors?: Partial<Record<ContactField, string | undefined>>
  busy?: boolean
}): ReactNode {
  return (
    <form className="mt-8 grid gap-6" noValidate {...form}>
      <div className="grid gap-6 sm:grid-cols-2">
        <FormField label="Name" htmlFor="contact-name" error={errors.name}>
          <Input autoComplete="name" {...control('name')} />
        </FormField>
        <FormField label="Email" htmlFor="contact-email" error={errors.email}>
          <Input type="email" autoComplete="email" {...control('email')} />
        </FormField>
      </div>
      <FormField label="Subject" htmlFor="contact-subject" error={errors.subject}>
        <Input maxLength={200} {...control('subject')} />
      </FormField>
      <FormField label="Message" htmlFor="contact-message" error={errors.message}>
        <Textarea rows={5} maxLength={5000} {...control('message')} />
      </FormField>
      {/* A field people never see or reach; bots fill it in and are dropped (server side). */}
      <div aria-hidden className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="contact-website">Website</label>
        <input id="contact-website" tabIndex={-1} autoComplete="off" {...control(HONEYPOT_FIELD)} />
      </div>
      <div>
        <Button type="submit" size="lg" disabled={busy} className="w-full sm:w-auto">
          {busy ? 'Sending...' : 'Send Message'}
        </Button>
      </div>
    </form>
  )
}
