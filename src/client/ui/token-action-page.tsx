import { useMutation } from '@tanstack/react-query'
import type { LucideIcon } from 'lucide-react'
import { Link, useSearchParams } from 'react-router'
import { failureMessage } from '../lib/mutation-toasts'
import { Button } from './button'
import { EmptyState } from './empty-state'

export interface TokenActionPageProps {
  /** Drawn in the page's round badge. */
  icon: LucideIcon
  /** The page's h1 until the action is done, then `doneTitle`. */
  title: string
  doneTitle: string
  /** What the button will do, shown before it is pressed. */
  prompt: string
  /** Shown once done, in the specification's words. */
  done: string
  /** Shown when the link carries no token at all. */
  missingToken: string
  /** The button, and its label while the request is on its way ('Unsubscribing...'). */
  action: string
  working: string
  /** Where the page leads once done, or when it cannot act. */
  next: { to: string; label: string }
  /** Posts the link's token to the API; a rejection's message is shown in the server's words. */
  act: (token: string) => Promise<unknown>
}

/** What every unsubscribe page says once done, and where it leads. */
export const UNSUBSCRIBE_PAGE = {
  doneTitle: 'You are unsubscribed',
  action: 'Unsubscribe',
  working: 'Unsubscribing...',
  next: { to: '/', label: 'Return to Home' },
} as const

/** The confirm pages' shared parts: a confirmed reader is shown the collection. */
export const CONFIRM_PAGE = {
  working: 'Confirming...',
  next: { to: '/products', label: 'Discover the collection' },
} as const

/**
 * The page an e-mail's confirm or unsubscribe link lands on (`?token=`). One click on the button
 * acts: the link itself changes nothing, since mail scanners open every link they find and must
 * not subscribe or unsubscribe anyone. The states: ready (a button), working, done, failed (the
 * server's reason), and no token in the link.
 */
export function TokenActionPage({
  icon: Icon,
  title,
  doneTitle,
  prompt,
  done,
  missingToken,
  action,
  working,
  next,
  act,
}: TokenActionPageProps) {
  const [search] = useSearchParams()
  const token = search.get('token') ?? ''
  const run = useMutation({ mutationFn: () => act(token) })
  const icon = <Icon className="size-7" aria-hidden />
  const onward = (
    <Button asChild variant="secondary">
      <Link to={next.to}>{next.label}</Link>
    </Button>
  )
  if (run.isSuccess)
    return (
      <EmptyState
        level={1}
        className="py-24"
        icon={icon}
        title={doneTitle}
        description={done}
        action={onward}
      />
    )
  return (
    <EmptyState
      level={1}
      className="py-24"
      icon={icon}
      title={title}
      description={!token ? missingToken : run.isError ? failureMessage(run.error) : prompt}
      action={
        token && !run.isError ? (
          <Button onClick={() => run.mutate()} disabled={run.isPending}>
            {run.isPending ? working : action}
          </Button>
        ) : (
          onward
        )
      }
    />
  )
}
