import { toast } from '../ui/use-toast'
import { ApiError } from './api'

// Failures a confirmation dialog tells inside itself (ConfirmDialog): a toast would sit behind the
// modal, which hides everything outside it from screen readers.
const toldInline = new WeakSet<object>()

/** Marks a failure as told where the member is looking: its toast, if one is on its way, stays back. */
export function tellFailureInline(error: unknown) {
  if (typeof error === 'object' && error !== null) toldInline.add(error)
}

/** The failure toast of a back-office action: its title from the specification, the server's reason below. */
export function toastFailure(title: string, error: unknown, fallback?: string) {
  // A turn later: a mutation's onError runs before its promise rejects, so by then a confirmation
  // that awaited it has caught this very error and said so in the dialog.
  setTimeout(() => {
    if (typeof error === 'object' && error !== null && toldInline.has(error)) return
    toast({ variant: 'destructive', title, description: failureMessage(error) || fallback })
  })
}

export function toastSuccess(title: string, description?: string) {
  toast({ variant: 'success', title, description })
}

/** What went wrong, in the server's words when it gave them. */
export function failureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.'
}
