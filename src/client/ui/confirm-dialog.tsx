import { type ReactNode, useState } from 'react'
import { failureMessage, tellFailureInline } from '../lib/mutation-toasts'
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
   * the action succeeds and stays open after a failure, which it names, so the owner can try again
   * or cancel.
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
  const [failure, setFailure] = useState<string>()
  const confirm = async () => {
    setPending(true)
    setFailure(undefined)
    try {
      await onConfirm()
      onOpenChange(false)
    } catch (error) {
      tellFailureInline(error)
      setFailure(failureMessage(error))
    } finally {
      setPending(false)
    }
  }
  const openChange = (next: boolean) => {
    if (pending) return
    if (!next) setFailure(undefined)
    onOpenChange(next)
  }
  return (
    <AlertDialog open={open} onOpenChange={openChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        {failure && (
          <p role="alert" className="text-sm text-destructive">
            {failure}
          </p>
        )}
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
