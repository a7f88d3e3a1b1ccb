import type { FormEvent, ReactNode } from 'react'
import { Button } from '../../ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../ui/dialog'

export interface OrderDialogProps {
  title: ReactNode
  description: ReactNode
  submitLabel: ReactNode
  /** The request is running (useDialogSubmit): the dialog cannot be closed and Cancel waits. */
  busy: boolean
  onClose: () => void
  onSubmit: (event: FormEvent) => unknown
  children: ReactNode
  open?: boolean
  /** The dialog's width and scrolling. */
  className?: string
  formClassName?: string
  /** Footer actions before Cancel (Remove Plan). */
  extraActions?: ReactNode
}

/**
 * The frame of the orders page's form dialogs: title and description, the fields, then Cancel and
 * the submit button. Closing is refused while the request runs, so its answer is never lost.
 */
export function OrderDialog({
  title,
  description,
  submitLabel,
  busy,
  onClose,
  onSubmit,
  children,
  open = true,
  className = 'sm:max-w-md',
  formClassName,
  extraActions,
}: OrderDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !busy && onClose()}>
      <DialogContent className={className}>
        <form onSubmit={onSubmit} noValidate className={formClassName}>
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          {children}
          <DialogFooter>
            {extraActions}
            <Button type="button" variant="secondary" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
