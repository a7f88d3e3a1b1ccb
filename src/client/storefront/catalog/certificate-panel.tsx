import { BadgeCheck, ZoomIn } from 'lucide-react'
import type { Product } from '../../../shared/catalog'
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '../../ui/dialog'
import { ProductImage } from '../../ui/product-image'
import { ProductGallery } from './gallery/product-gallery'

/**
 * "Certificate of Authenticity": the lab and number, and the card itself, which opens in the
 * gallery's zoom so the number and the photo on it can be read.
 */
export function CertificatePanel({
  product,
}: {
  product: Pick<Product, 'name' | 'certification' | 'certificateUrl'>
}) {
  if (!product.certification && !product.certificateUrl) return null
  return (
    <section aria-labelledby="certificate-heading" className="mt-10 border-t border-gold/50 pt-6">
      <h2 id="certificate-heading" className="flex items-center gap-2 font-display text-2xl text-ink">
        <BadgeCheck className="size-5 text-jade-700" aria-hidden />
        Certificate of Authenticity
      </h2>
      {product.certification && (
        <p className="mt-2 text-sm leading-relaxed text-ink-muted">{product.certification}</p>
      )}
      {product.certificateUrl && (
        <Dialog>
          <DialogTrigger asChild>
            <button
              type="button"
              className="group relative mt-4 block w-full max-w-xs cursor-zoom-in overflow-hidden border border-ink/10 bg-sand"
              aria-label={`Enlarge the certificate of ${product.name}`}
            >
              <ProductImage
                url={product.certificateUrl}
                alt={`Certificate of authenticity of ${product.name}`}
                sizes="320px"
                className="aspect-[4/3] w-full object-cover transition-transform duration-500 group-hover:scale-105 motion-reduce:transition-none"
              />
              <span className="absolute right-2 bottom-2 inline-flex size-8 items-center justify-center rounded-full bg-ivory/90 text-ink">
                <ZoomIn className="size-4" aria-hidden />
              </span>
            </button>
          </DialogTrigger>
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
      )}
    </section>
  )
}
