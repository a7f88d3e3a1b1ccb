import { toast } from '../ui/use-toast'
import { ApiError } from './api'

/** The failure toast of a back-office action: its title from the specification, the server's reason below. */
export function toastFailure(title: string, error: unknown) {
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
