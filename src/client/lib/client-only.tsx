import { type ReactNode, useSyncExternalStore } from 'react'

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
