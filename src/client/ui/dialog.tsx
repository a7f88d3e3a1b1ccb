import { X } from 'lucide-react'
import { Dialog as DialogPrimitive } from 'radix-ui'
import type { ComponentProps, ReactNode } from 'react'
import { cn } from '../lib/cn'
import { Button } from './button'

// Shared with alert-dialog.tsx so both layers look and move the same.
export const overlayClasses =
  'fixed inset-0 z-50 bg-ink/40 backdrop-blur-[2px] data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out'
/** A small panel in the middle of the screen, at every width: confirmations (alert-dialog.tsx). */
export const panelClasses = [
  'fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-6',
  'max-h-[calc(100dvh-2rem)] overflow-y-auto border border-ink/10 bg-ivory p-6 shadow-2xl shadow-ink/10 sm:p-8',
  'data-[state=open]:animate-dialog-in data-[state=closed]:animate-dialog-out',
]

/**
 * Forms in dialogs (Record Sale at a fair, Edit Product): on a phone the panel is a full-height
 * sheet whose footer stays pinned at the bottom (DialogFooter), so the action is always reachable;
 * from 640 px it is the centred panel.
 */
const sheetOnPhoneClasses = [
  // Its cells may shrink: a long line (a piece's name) truncates instead of widening the sheet.
  'fixed inset-0 z-50 grid w-full max-w-lg content-start gap-6 overflow-y-auto overscroll-contain bg-ivory p-6 *:min-w-0',
  'sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-[calc(100%-2rem)] sm:-translate-x-1/2 sm:-translate-y-1/2',
  'sm:max-h-[calc(100dvh-2rem)] sm:border sm:border-ink/10 sm:p-8 sm:shadow-2xl sm:shadow-ink/10',
  'data-[state=open]:animate-dialog-in data-[state=closed]:animate-dialog-out',
]

export const Dialog = DialogPrimitive.Root
export const DialogTrigger = DialogPrimitive.Trigger
export const DialogClose = DialogPrimitive.Close
export const DialogPortal = DialogPrimitive.Portal

export function DialogOverlay({ className, ...props }: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return <DialogPrimitive.Overlay className={cn(overlayClasses, className)} {...props} />
}

export type DialogContentProps = ComponentProps<typeof DialogPrimitive.Content> & {
  /** Hide the corner close button when the footer already offers a way out. */
  showClose?: boolean
}

export function DialogContent({ className, children, showClose = true, ...props }: DialogContentProps) {
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content className={cn(sheetOnPhoneClasses, className)} {...props}>
        {children}
        {showClose && (
          <DialogPrimitive.Close
            aria-label="Close"
            className="absolute top-2 right-2 inline-flex size-11 cursor-pointer items-center justify-center rounded-sm text-ink-muted transition-colors hover:bg-jade-50 hover:text-ink"
          >
            <X className="size-5" aria-hidden />
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPortal>
  )
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  // Right padding keeps a long title clear of the close button.
  return <div className={cn('grid gap-2 pr-8', className)} {...props} />
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn(
        // Pinned to the bottom of the phone sheet while the fields scroll above it: -bottom-6 as the
        // sheet's p-6 would otherwise hold it 24 px above the edge, with fields showing beneath it.
        'sticky -bottom-6 z-10 -mx-6 -mb-6 flex flex-col-reverse gap-3 border-t border-ink/10 bg-ivory px-6 py-4',
        'sm:static sm:mx-0 sm:mb-0 sm:flex-row sm:justify-end sm:border-0 sm:bg-transparent sm:px-0 sm:pt-2 sm:pb-0',
        className,
      )}
      {...props}
    />
  )
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      className={cn('font-display text-3xl font-medium leading-tight text-ink', className)}
      {...props}
    />
  )
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
      className={cn('text-sm leading-relaxed text-ink-muted', className)}
      {...props}
    />
  )
}

/**
 * The end of a dialog's form: the server's reason when it names no field, then Cancel and the
 * submit button, both held while the request is on its way (nothing is sent twice, and nothing
 * typed is lost to a Cancel pressed mid-request).
 */
export function DialogFormFooter({
  error,
  pending,
  onCancel,
  submit,
}: {
  error?: string
  pending: boolean
  onCancel: () => void
  submit: ReactNode
}) {
  return (
    <>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" loading={pending}>
          {submit}
        </Button>
      </DialogFooter>
    </>
  )
}
