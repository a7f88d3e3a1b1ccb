import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
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

/**
 * Puts a 400/409's per-field messages beside the fields they name, so the owner sees what to fix
 * without losing anything typed. Answers whether any field was marked.
 */
export function applyFieldErrors<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  fields: readonly string[],
): boolean {
  if (!(error instanceof ApiError)) return false
  let marked = false
  for (const { field, message } of error.fieldErrors) {
    const name = field.split('.')[0] ?? field
    if (!fields.includes(name)) continue
    setError(name as Path<Values>, { type: 'server', message })
    marked = true
  }
  return marked
}
