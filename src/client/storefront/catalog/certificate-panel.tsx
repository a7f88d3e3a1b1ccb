import { BadgeCheck, ZoomIn } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import type { Product } from '../../../shared/catalog/rules'
import { ProductImage } from '../../ui/product-image'
import { ProductGallery } from './gallery/product-gallery'

// The zoom (a dialog and a second gallery) stays out of the product page's first load.
const CertificateZoom = lazy(() => import('./certificate-zoom'))

/**
 * "Certificate of Authenticity": the lab and number, and the card itself, which opens in the
 * gallery's zoom so the number and the photo on it can be read.
 */
export function CertificatePanel({
  product,
}: {
  product: Pick<Product, 'name' | 'certification' | 'certificateUrl'>
}) {
  const [zoomed, setZoomed] = useState(false)
  // Asked for once the zoom was opened, and kept so that closing it animates.
  const [zoomWanted, setZoomWanted] = useState(false)
  if (!product.certification && !product.certificateUrl) return null
  const certificateUrl = product.certificateUrl
  return (
    <section aria-labelledby="certificate-heading" className="mt-10 border-t border-gold/50 pt-6">
      <h2 id="certificate-heading" className="flex items-center gap-2 font-display text-2xl text-ink">
        <BadgeCheck className="size-5 text-jade-700" aria-hidden />
        Certificate of Authenticity
      </h2>
      {product.certification && <ReportLines certification={product.certification} />}
      {certificateUrl && (
        <>
          <button
            type="button"
            className="group relative mt-4 block w-full max-w-xs cursor-zoom-in overflow-hidden border border-ink/10 bg-sand"
            aria-label={`Enlarge the certificate of ${product.name}`}
            aria-haspopup="dialog"
            onClick={() => {
              setZoomWanted(true)
              setZoomed(true)
            }}
          >
            <ProductImage
              url={certificateUrl}
              alt={`Certificate of authenticity of ${product.name}`}
              sizes="320px"
              className="aspect-[4/3] w-full object-cover transition-transform duration-500 group-hover:scale-105 motion-reduce:transition-none"
            />
            <span className="absolute right-2 bottom-2 inline-flex size-8 items-center justify-center rounded-full bg-ivory/90 text-ink">
              <ZoomIn className="size-4" aria-hidden />
            </span>
          </button>
          {zoomWanted && (
            <Suspense fallback={null}>
              <CertificateZoom
                description={product.certification ?? product.name}
                open={zoomed}
                onOpenChange={setZoomed}
              >
                <ProductGallery
                  images={[certificateUrl]}
                  alts={[`Certificate of authenticity of ${product.name}`]}
                  name={product.name}
                  label={`Certificate of ${product.name}`}
                  sold={false}
                />
              </CertificateZoom>
            </Suspense>
          )}
        </>
      )}
    </section>
  )
}

/**
 * "GIA Identification Report No. 2231875413: natural jadeite, Type A" reads as the report and its
 * conclusion, then the number on a line of its own, where a buyer can find it to check with the lab.
 * Text in any other shape shows as written.
 */
function reportParts(certification: string): { report: string; number?: string } {
  const match = /^(.+?)\s+No\.\s*([A-Z0-9][A-Z0-9-]*)(:\s*.+)?$/i.exec(certification.trim())
  if (!match) return { report: certification }
  return { report: `${match[1]}${match[3] ?? ''}`, number: match[2] }
}

function ReportLines({ certification }: { certification: string }) {
  const { report, number } = reportParts(certification)
  return (
    <>
      <p className="mt-2 text-sm leading-relaxed text-ink">{report}</p>
      {number && (
        <p className="mt-1 text-sm text-ink-muted">
          Report number <span className="font-medium text-ink tabular-nums select-all">{number}</span>
        </p>
      )}
    </>
  )
}
