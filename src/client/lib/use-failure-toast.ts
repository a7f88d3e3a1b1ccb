import { useEffect } from 'react'
import { toastFailure } from './mutation-toasts'

/** A page's data failed to load: one failure toast, titled as the specification words it, per new error. */
export function useFailureToast(title: string, error: unknown) {
  useEffect(() => {
    if (error) toastFailure(title, error)
  }, [error, title])
}
