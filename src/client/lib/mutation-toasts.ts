import { toast } from '../ui/use-toast'
import { ApiError } from './api'

// While a confirmation's action runs, its failure is told inside the dialog (ConfirmDialog): a
// toast would sit behind the modal, which hides everything outside it from screen readers.
let failuresToldInline = 0

/** Runs a dialog's action with its failure toast held back: the dialog says it itself. */
export async function withFailureToldInline<T>(action: () => Promise<T>): Promise<T> {
  failuresToldInline++
  try {
    return await action()
  } finally {
    failuresToldInline--
  }
}

/** The failure toast of a back-office action: its title from the specification, the server's reason below. */
export function toastFailure(title: string, error: unknown) {
  if (failuresToldInline > 0) return
  toast({ variant: 'destructive', title, description: failureMessage(error) })
}

export function toastSuccess(title: string, description?: string) {
  toast({ variant: 'success', title, description })
}

/** What went wrong, in the server's words when it gave them. */
export function failureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.'
}
