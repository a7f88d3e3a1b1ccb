import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useLayoutEffect } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import type { inquiriesContract } from '../../../shared/inquiries/contract'
import { INQUIRY_MESSAGES } from '../../../shared/inquiries/labels'
import { HONEYPOT_FIELD, type InquiryInput, inquirySchema } from '../../../shared/inquiries/schema'
import { call } from '../../lib/api'
import { showServerErrors } from '../../lib/server-errors'
import { toast } from '../../ui/use-toast'
import { type ContactField, ContactFields } from './contact-fields'

type InquiryOutput = z.output<typeof inquirySchema>

/** Where the visitor was in the form the page showed first: what they typed, their caret, a submit. */
export interface ContactStart {
  values: InquiryInput
  focus?: { name: ContactField; selectionStart: number | null; selectionEnd: number | null }
  submit: boolean
}

const EMPTY: InquiryInput = { name: '', email: '', subject: '', message: '', [HONEYPOT_FIELD]: '' }

/**
 * The contact form (storefront.md §5) with react-hook-form and the API's own schema. It is a chunk
 * of its own with zod, loaded when the visitor first reaches for the form (contact-page.tsx), and
 * goes on from exactly where they were in the form shown until then.
 */
export function ContactForm({ start }: { start: ContactStart }) {
  const form = useForm<InquiryInput, unknown, InquiryOutput>({
    resolver: zodResolver(inquirySchema),
    defaultValues: start.values,
  })
  const { errors } = form.formState
  const send = useMutation({
    mutationFn: (values: InquiryOutput) =>
      call<typeof inquiriesContract.send>({ method: 'POST', path: '/api/inquiries' }, { body: values }),
    onSuccess: () => {
      toast({ variant: 'success', ...INQUIRY_MESSAGES.sent })
      form.reset(EMPTY)
    },
    onError: (error) => {
      showServerErrors(form, error)
      toast({ variant: 'destructive', ...INQUIRY_MESSAGES.failed })
    },
  })
  const submit = form.handleSubmit((values) => send.mutate(values))

  // The field that had the focus keeps it, caret and all; a submit made while loading goes on.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the form takes over
  useLayoutEffect(() => {
    // At once, in this commit (react-hook-form's setFocus waits a task): a key pressed meanwhile
    // would go nowhere.
    const field = start.focus && document.getElementById(`contact-${start.focus.name}`)
    if (start.focus && (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) {
      field.focus()
      try {
        field.setSelectionRange(start.focus.selectionStart, start.focus.selectionEnd)
      } catch {
        // An e-mail input has no caret to set.
      }
    }
    if (start.submit) void submit()
  }, [])

  return (
    <ContactFields
      onSubmit={(event) => void submit(event)}
      control={(name) => form.register(name)}
      errors={{
        name: errors.name?.message,
        email: errors.email?.message,
        subject: errors.subject?.message,
        message: errors.message?.message,
      }}
      busy={send.isPending}
    />
  )
}
