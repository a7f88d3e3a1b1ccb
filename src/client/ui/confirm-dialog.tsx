import { type ReactNode, useState } from 'react'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from './alert-dialog'
import { Button } from './button'

export interface ConfirmDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  /** Names what the action destroys or changes, in the specification's words where it has them. */
  description: ReactNode
  confirmLabel: string
  /** What the button says while the request runs ("Deleting…"). */
  pendingLabel?: string
  destructive?: boolean
  /** Holds the button back until the dialog can say what the action does (a count still loading). */
  confirmDisabled?: boolean
  /**
   * Runs the action. The dialog stays open (and its button busy) until it settles; it closes when
   * the action succeeds and stays open after a failure, so the owner can try again or cancel.
   */
  onConfirm: () => Promise<unknown>
  children?: ReactNode
}

/** The one confirmation for every destructive or irreversible back-office action. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel,
  destructive,
  confirmDisabled,
  onConfirm,
  children,
}: ConfirmDialogProps) {
  const [pending, setPending] = useState(false)
  const confirm = async () => {
    setPending(true)
    try {
      await onConfirm()
      onOpenChange(false)
    } catch {
      // The caller's mutation has already shown the failure toast; the dialog stays for a retry.
    } finally {
      setPending(false)
    }
  }
  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          {/* A plain button, not AlertDialogAction: Radix would close the dialog before the request ends. */}
          <Button
            variant={destructive ? 'destructive' : 'primary'}
            loading={pending}
            disabled={confirmDisabled}
            onClick={confirm}
          >
            {pending ? (pendingLabel ?? confirmLabel) : confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
