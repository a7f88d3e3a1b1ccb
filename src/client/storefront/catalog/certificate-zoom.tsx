import type { Product } from '../../../shared/catalog'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../ui/dialog'
import { ProductGallery } from './gallery/product-gallery'

/** The certificate in the gallery's zoom: its own chunk, loaded when the shopper first opens it. */
export default function CertificateZoom({
  product,
  open,
  onOpenChange,
}: {
  product: Pick<Product, 'name' | 'certification'> & { certificateUrl: string }
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl">
        <DialogTitle className="text-2xl">Certificate of Authenticity</DialogTitle>
        <DialogDescription>{product.certification ?? product.name}</DialogDescription>
        <ProductGallery
          images={[product.certificateUrl]}
          alts={[`Certificate of authenticity of ${product.name}`]}
          name={product.name}
          sold={false}
        />
      </DialogContent>
    </Dialog>
  )
}
