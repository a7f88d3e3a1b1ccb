import type { ReactNode } from 'react'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../ui/dialog'

/**
 * The certificate's zoom: a dialog, its own chunk, loaded when the shopper first opens it. The
 * panel hands it the gallery to show, so the gallery's code stays in the product page's chunk
 * (one file, better compressed) instead of a chunk shared with this one.
 */
export default function CertificateZoom({
  description,
  open,
  onOpenChange,
  children,
}: {
  description: string
  open: boolean
  onOpenChange: (open: boolean) => void
  children: ReactNode
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl">
        <DialogTitle className="text-2xl">Certificate of Authenticity</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        {children}
      </DialogContent>
    </Dialog>
  )
}
