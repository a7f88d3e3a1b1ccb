import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import type { newsletterContract } from '../../../shared/newsletter/contract'
import { NEWSLETTER_FORM_MESSAGES } from '../../../shared/newsletter/messages'
import { call } from '../../lib/api'
import { Button } from '../../ui/button'
import { toast } from '../../ui/use-toast'

export function NewsletterForm() {
  const [email, setEmail] = useState('')
  const subscribe = useMutation({
    mutationFn: (address: string) =>
      call<typeof newsletterContract.subscribe>(
        { method: 'POST', path: '/api/newsletter' },
        { body: { email: address } },
      ),
    onSuccess: () => {
      setEmail('')
      toast({ variant: 'success', title: 'Thank you', description: NEWSLETTER_FORM_MESSAGES.subscribed })
    },
    onError: () =>
      toast({
        title: 'Error',
        description: NEWSLETTER_FORM_MESSAGES.failed,
        variant: 'destructive',
      }),
  })

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!email.trim()) {
      toast({ title: 'Error', description: NEWSLETTER_FORM_MESSAGES.empty, variant: 'destructive' })
      return
    }
    subscribe.mutate(email.trim())
  }

  return (
    <form onSubmit={onSubmit} className="mt-4 flex gap-2" noValidate>
      <label htmlFor="newsletter-email" className="sr-only">
        Email address
      </label>
      <input
        id="newsletter-email"
        name="email"
        type="email"
        autoComplete="email"
        placeholder="Your email address"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        disabled={subscribe.isPending}
        className="h-11 min-w-0 flex-1 rounded-none border border-ivory/30 bg-transparent px-3 text-sm text-ivory placeholder:text-ivory/50 focus-visible:border-ivory"
      />
      <Button type="submit" variant="gold-outline" disabled={subscribe.isPending} className="text-ivory">
        {subscribe.isPending ? 'Subscribing...' : 'Subscribe'}
      </Button>
    </form>
  )
}
