import { type ReactNode, Suspense, useSyncExternalStore } from 'react'
import { PageSkeleton } from '../ui/page-skeleton'

const subscribe = () => () => {}

/**
 * Renders the fallback on the server and during hydration, the children afterwards: the account and
 * admin areas are client-only, and this keeps the first client render identical to the server's.
 */
export function ClientOnly({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const isClient = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
  return isClient ? children : fallback
}

/** A client-only page (a lazy component): a skeleton on the server, while hydrating and while its code loads. */
export function clientOnlyPage(element: ReactNode) {
  return (
    <ClientOnly fallback={<PageSkeleton />}>
      <Suspense fallback={<PageSkeleton />}>{element}</Suspense>
    </ClientOnly>
  )
}
