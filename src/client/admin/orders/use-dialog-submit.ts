import { useState } from 'react'
import { failureMessage } from '../../lib/mutation-toasts'

/**
 * A dialog's request: busy while it runs, the dialog closed when it succeeds, and on failure left
 * open with the server's reason and everything typed, so nothing is lost on a bad connection.
 */
export function useDialogSubmit(onClose: () => void) {
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  async function run(request: () => Promise<unknown>) {
    setBusy(true)
    try {
      await request()
      onClose()
    } catch (failure) {
      setError(failureMessage(failure))
    } finally {
      setBusy(false)
    }
  }
  /** An onChange for one of the dialog's fields: keeps the value and clears the error, which no longer applies. */
  const edit =
    <Value>(set: (value: Value) => void) =>
    (value: Value) => {
      set(value)
      setError(undefined)
    }
  return { error, setError, busy, run, edit }
}
