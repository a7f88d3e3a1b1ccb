import { X } from 'lucide-react'
import { Toast as ToastPrimitive } from 'radix-ui'
import { type CSSProperties, useEffect, useState } from 'react'
import { cn } from '../lib/cn'
import {
  dismiss,
  TOAST_DURATION,
  TOAST_HOTKEY,
  TOAST_SWIPE_THRESHOLD,
  type ToastVariant,
  useToast,
} from './use-toast'

const variantClasses: Record<ToastVariant, string> = {
  default: 'border-ink/10 border-l-gold bg-ivory text-ink',
  success: 'border-ink/10 border-l-jade-700 bg-ivory text-ink',
  destructive: 'border-destructive bg-destructive text-ivory',
}

/**
 * Mount once per app shell; raise toasts with `toast()` from ./use-toast. Top centre, just below
 * the storefront's header, or along the bottom for a toast placed there; F8 moves focus to it, a swipe
 * right dismisses.
 */
export function Toaster() {
  const { toasts } = useToast()
  // One toast at a time (TOAST_LIMIT): the viewport goes where the newest one asks to be.
  const newest = toasts.at(-1)
  const bottom = newest?.placement === 'bottom'
  const belowHeader = useHeaderBottom(newest?.id)
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD}
      label="Notification"
    >
      {toasts.map(({ id, title, description, variant = 'default', duration, open, placement }) => (
        <ToastPrimitive.Root
          key={id}
          open={open}
          duration={duration}
          onOpenChange={(next) => {
            if (!next) dismiss(id)
          }}
          data-variant={variant}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start gap-3 border border-l-2 py-4 pr-12 pl-5',
            'shadow-xl shadow-ink/10 data-[state=closed]:animate-toast-out',
            placement === 'bottom'
              ? 'data-[state=open]:animate-toast-rise'
              : 'data-[state=open]:animate-toast-in',
            'data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=cancel]:translate-x-0',
            'data-[swipe=cancel]:transition-[translate] data-[swipe=end]:animate-toast-swipe-out',
            variantClasses[variant],
          )}
        >
          <div className="grid gap-1">
            {title && (
              <ToastPrimitive.Title className="text-sm font-semibold tracking-wide">
                {title}
              </ToastPrimitive.Title>
            )}
            {description && (
              <ToastPrimitive.Description className="text-sm leading-relaxed text-ink-muted group-data-[variant=destructive]:text-ivory/90">
                {description}
              </ToastPrimitive.Description>
            )}
          </div>
          <ToastPrimitive.Close
            aria-label="Close"
            className={cn(
              'absolute top-1.5 right-1.5 inline-flex size-10 cursor-pointer items-center justify-center rounded-sm',
              'text-ink-muted transition-colors hover:bg-ink/5 hover:text-ink',
              'group-data-[variant=destructive]:text-ivory/85 group-data-[variant=destructive]:hover:bg-ivory/10 group-data-[variant=destructive]:hover:text-ivory',
            )}
          >
            <X className="size-4" aria-hidden />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        hotkey={TOAST_HOTKEY}
        className={cn(
          // Top centre: clear of the cart sheet's Checkout button and of the page's own actions;
          // a toast that asks for the bottom (Added to Cart) sits there instead.
          'fixed inset-x-0 z-100 m-0 mx-auto flex max-h-screen w-full list-none flex-col gap-2 p-4 sm:max-w-md sm:p-6',
          bottom
            ? 'bottom-0 pb-[max(1rem,env(safe-area-inset-bottom))]'
            : 'top-(--toast-top) pt-[max(1rem,env(safe-area-inset-top))]',
        )}
        style={{ '--toast-top': `${belowHeader}px` } as CSSProperties}
      />
    </ToastPrimitive.Provider>
  )
}

/**
 * Where the page's header ends while a toast is up, in px (0 without one): a toast over it would hide
 * its menu, search and cart button for its 5 s (on a phone they fill the top of the screen). The
 * header moves under an open toast (the page scrolls and the test-mode banner above it leaves, or a
 * banner wraps), so the toast follows it, once per frame at most.
 */
function useHeaderBottom(toastId: string | undefined): number {
  const [bottom, setBottom] = useState(0)
  useEffect(() => {
    if (!toastId) return
    const header = document.querySelector('[data-toast-anchor]')
    if (!header) {
      setBottom(0)
      return
    }
    let frame = 0
    const measure = () => {
      frame = 0
      setBottom(Math.max(0, Math.round(header.getBoundingClientRect().bottom)))
    }
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure)
    }
    measure()
    window.addEventListener('scroll', schedule, { passive: true })
    window.addEventListener('resize', schedule)
    const resized = new ResizeObserver(schedule)
    resized.observe(header)
    return () => {
      window.removeEventListener('scroll', schedule)
      window.removeEventListener('resize', schedule)
      resized.disconnect()
      cancelAnimationFrame(frame)
    }
  }, [toastId])
  return bottom
}
