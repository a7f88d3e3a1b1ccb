import { useState } from 'react'
import type { AdminProduct } from '../../../shared/catalog/admin-schema'
import type { ProductFormValues } from '../../../shared/catalog/product-schema'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/dialog'
import { useUpdateProduct } from './api'
import { ProductForm } from './product-form'

/**
 * Edits one product in a large dialog. Closing it with unsaved changes asks first: an owner's
 * half-written description is never lost to a stray tap outside.
 */
export function EditProductDialog({
  product,
  initial,
  onClose,
}: {
  product: AdminProduct
  initial: ProductFormValues
  onClose: () => void
}) {
  const update = useUpdateProduct()
  const [dirty, setDirty] = useState(false)
  const [confirmingDiscard, setConfirmingDiscard] = useState(false)
  const requestClose = () => (dirty ? setConfirmingDiscard(true) : onClose())

  return (
    <>
      <Dialog open onOpenChange={(open) => !open && requestClose()}>
        <DialogContent className="max-w-5xl" onEscapeKeyDown={(event) => dirty && event.preventDefault()}>
          <DialogHeader>
            <DialogTitle>Edit Product</DialogTitle>
            <DialogDescription>
              {product.name}
              {product.sku ? ` · ${product.sku}` : ''}
            </DialogDescription>
          </DialogHeader>
          <ProductForm
            idPrefix={`edit-product-${product.id}`}
            initial={initial}
            submitLabel="Save Changes"
            pendingLabel="Saving…"
            onDirtyChange={setDirty}
            inDialog
            onCancel={requestClose}
            onSubmit={async (input) => {
              await update.mutateAsync({ id: product.id, input })
              onClose()
            }}
          />
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={confirmingDiscard}
        onOpenChange={setConfirmingDiscard}
        title="Discard changes?"
        description={`Your changes to "${product.name}" have not been saved.`}
        confirmLabel="Discard"
        destructive
        onConfirm={async () => onClose()}
      />
    </>
  )
}
