import { type ReactNode, useSyncExternalStore } from 'react'

// The specification's toast rules (storefront.md §9), in one place.
export const TOAST_LIMIT = 1
export const TOAST_DURATION = 5000
/** How long a dismissed toast stays in the list (shadcn's TOAST_REMOVE_DELAY); Radix has long since unmounted it. */
export const TOAST_REMOVE_DELAY = 1_000_000
export const TOAST_SWIPE_THRESHOLD = 50
export const TOAST_HOTKEY = ['F8']

export type ToastVariant = 'default' | 'destructive' | 'success'

export type ToastInput = {
  title?: ReactNode
  description?: ReactNode
  /** 'destructive' for every error (storefront.md §8). */
  variant?: ToastVariant
  /** Milliseconds on screen; defaults to TOAST_DURATION. */
  duration?: number
  /** Where it appears: the top by default; 'Added to Cart' at the bottom (storefront.md §8). */
  placement?: 'top' | 'bottom'
}

export type ToastItem = ToastInput & { id: string; open: boolean }

export type ToastHandle = { id: string; dismiss: () => void; update: (input: ToastInput) => void }

type State = { toasts: ToastItem[] }

// A module-level store rather than context, so anything can raise a toast: event handlers, query
// callbacks, the API client.
const EMPTY: State = { toasts: [] }
let state: State = EMPTY
const listeners = new Set<() => void>()
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>()
let count = 0

function setState(next: State) {
  state = next
  for (const listener of listeners) listener()
}

function scheduleRemoval(id: string) {
  if (removeTimers.has(id)) return
  const timer = setTimeout(() => {
    removeTimers.delete(id)
    setState({ toasts: state.toasts.filter((item) => item.id !== id) })
  }, TOAST_REMOVE_DELAY)
  removeTimers.set(id, timer)
}

function update(id: string, input: ToastInput) {
  setState({ toasts: state.toasts.map((item) => (item.id === id ? { ...item, ...input } : item)) })
}

/** Closes one toast, or every toast when no id is given. */
export function dismiss(id?: string) {
  for (const item of state.toasts) if (id === undefined || item.id === id) scheduleRemoval(item.id)
  setState({
    toasts: state.toasts.map((item) =>
      id === undefined || item.id === id ? { ...item, open: false } : item,
    ),
  })
}

export function toast(input: ToastInput): ToastHandle {
  count = (count + 1) % Number.MAX_SAFE_INTEGER
  const id = String(count)
  const handle = { id, dismiss: () => dismiss(id), update: (next: ToastInput) => update(id, next) }
  // The server renders no toasts, and its store would be shared by every request.
  if (typeof window === 'undefined') return handle

  // One at a time: the newest replaces whatever is showing.
  const kept = [{ ...input, id, open: true }, ...state.toasts].slice(0, TOAST_LIMIT)
  for (const item of state.toasts) {
    if (kept.includes(item)) continue
    clearTimeout(removeTimers.get(item.id))
    removeTimers.delete(item.id)
  }
  setState({ toasts: kept })
  return handle
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/**
 * The server snapshot is always empty, so the server's HTML and the client's first render agree
 * even when a toast was raised before hydration; it then appears on the next render.
 */
export function useToast() {
  const { toasts } = useSyncExternalStore(
    subscribe,
    () => state,
    () => EMPTY,
  )
  return { toasts, toast, dismiss }
}
