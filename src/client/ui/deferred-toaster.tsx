import { lazy, Suspense } from 'react'
import { useToast } from './use-toast'

const Toaster = lazy(() => import('./toast').then((module) => ({ default: module.Toaster })))

/**
 * The toast region's code loads with the first toast, not with the page: shoppers who never see a
 * toast never download it. (Its F8 hotkey only matters once there is a toast to reach.)
 */
export function DeferredToaster() {
  const { toasts } = useToast()
  if (toasts.length === 0) return null
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  )
}
