import { useQuery } from '@tanstack/react-query'
import { ArrowLeft } from 'lucide-react'
import { type ComponentType, lazy, Suspense, useEffect, useRef, useState } from 'react'
import { Link, useParams } from 'react-router'
import { capitalize, categoryPath, PRODUCT_STATUS_LABELS } from '../../../shared/catalog/rules'
import { useAddToCart } from '../../lib/cart'
import { queries } from '../../lib/queries'
import { StatusDot } from '../../ui/badge'
import { Button } from '../../ui/button'
import { Price } from '../../ui/price'
import { Skeleton } from '../../ui/skeleton'
import { toast } from '../../ui/use-toast'
import { WishlistHeart } from '../wishlist/wishlist-heart'
import { CertificatePanel } from './certificate-panel'
import { ProductGallery } from './gallery/product-gallery'
import { ProductDetails } from './product-details'
import { QuantityStepper } from './quantity-stepper'

export function ProductPage() {
  const { id = '' } = useParams()
  const { data: product, isPending, isError } = useQuery(queries.product(id))
  useEffect(() => {
    if (isError)
      toast({ title: 'Error', description: 'Failed to load product details', variant: 'destructive' })
  }, [isError])

  if (isPending) return <ProductPageSkeleton />
  if (!product) {
    return (
      <section className="mx-auto max-w-xl px-4 py-28 text-center">
        <h1 className="font-display text-4xl text-ink">Product Not Found</h1>
        <p className="mt-4 text-ink-muted">This product may have been removed or the URL is incorrect.</p>
        <Button asChild className="mt-8">
          <Link to="/products">Return to Products</Link>
        </Button>
      </section>
    )
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <Link
        to="/products"
        className="inline-flex items-center gap-2 text-sm text-ink-muted hover:text-jade-700"
      >
        <ArrowLeft className="size-4" aria-hidden /> Back to products
      </Link>
      <div className="mt-8 grid gap-12 lg:grid-cols-12">
        <div className="lg:col-span-7">
          <ProductGallery
            key={product.id}
            images={product.imageUrls}
            alts={product.imageAlts}
            name={product.name}
            sold={product.sold}
          />
        </div>
        <div className="lg:col-span-5">
          <h1 className="font-display text-4xl leading-tight text-ink sm:text-5xl">{product.name}</h1>
          <div className="mt-4 flex min-h-11 items-center justify-between gap-4">
            <Price cents={product.price} original={product.originalPrice ?? undefined} className="text-2xl" />
            <WishlistHeart productId={product.id} sold={product.sold} variant="inline" />
          </div>
          <p className="mt-6 text-lg leading-relaxed text-ink">{product.shortDescription}</p>
          <p className="mt-4 leading-relaxed text-ink-muted">{product.description}</p>
          <dl className="mt-8 divide-y divide-ink/10 border-y border-ink/10 text-sm">
            <div className="flex justify-between py-3">
              <dt className="text-ink-muted">Category</dt>
              <dd>
                <Link to={categoryPath(product.category)} className="text-jade-700 hover:underline">
                  {capitalize(product.category)}
                </Link>
              </dd>
            </div>
            {product.color && (
              <div className="flex justify-between py-3">
                <dt className="text-ink-muted">Colour</dt>
                <dd className="capitalize">{product.color}</dd>
              </div>
            )}
            {product.type === 'bangle' && product.innerDiameterMm !== null && (
              <div className="flex justify-between py-3">
                <dt className="text-ink-muted">Size</dt>
                <dd>{product.innerDiameterMm} mm inner diameter</dd>
              </div>
            )}
            <div className="flex justify-between py-3">
              <dt className="text-ink-muted">Availability</dt>
              <dd>
                <StatusDot status={product.status}>{PRODUCT_STATUS_LABELS[product.status]}</StatusDot>
              </dd>
            </div>
          </dl>
          {product.status === 'available' && (
            <PurchaseControls productId={product.id} stock={product.stockQuantity} />
          )}
          {(product.status === 'sold' || product.status === 'reserved') && (
            <Suspense fallback={<Skeleton className="mt-8 h-64 w-full" />}>
              <SimilarPieceAlert productId={product.id} category={product.category} className="mt-8" />
            </Suspense>
          )}
          <Button asChild variant="secondary" className="mt-4 w-full">
            <Link to={inquiryLink(product)}>Inquire About This Item</Link>
          </Button>
          <ProductDetails product={product} />
          <CertificatePanel product={product} />
        </div>
      </div>
      <StoriesOfPieceWhenNear productId={product.id} />
    </div>
  )
}

/** The contact form with the subject already naming the piece and its SKU. */
function inquiryLink(product: { name: string; sku: string | null }) {
  const subject = product.sku ? `${product.name} (SKU ${product.sku})` : product.name
  return `/contact?${new URLSearchParams({ subject })}`
}

function ProductPageSkeleton() {
  return (
    <div
      className="mx-auto grid max-w-7xl gap-12 px-4 py-16 sm:px-6 lg:grid-cols-12 lg:px-8"
      aria-busy="true"
    >
      <Skeleton className="aspect-square lg:col-span-7" />
      <div className="space-y-4 lg:col-span-5">
        <Skeleton className="h-12 w-3/4" />
        <Skeleton className="h-8 w-32" />
        <Skeleton className="h-24 w-full" />
      </div>
    </div>
  )
}

function PurchaseControls({ productId, stock }: { productId: number; stock: number }) {
  const [quantity, setQuantity] = useState(1)
  const addToCart = useAddToCart()
  return (
    <div className="mt-8 flex flex-wrap items-center gap-3">
      <QuantityStepper value={quantity} onChange={setQuantity} max={Math.max(1, stock)} />
      <Button
        className="flex-1"
        disabled={addToCart.isPending}
        onClick={() => addToCart.mutate({ productId, quantity }, { onSuccess: () => setQuantity(1) })}
      >
        {addToCart.isPending ? 'Adding...' : 'Add to Cart'}
      </Button>
    </div>
  )
}

/**
 * "Tell me when a similar piece arrives" only on a sold or reserved piece: its code is a chunk of its
 * own, so the page of a piece on sale (the first-load budget's) never downloads it. The server
 * renders it in full; the browser hydrates it once the chunk is there.
 */
const SimilarPieceAlert = lazy(() =>
  import('../../ui/similar-piece-alert').then((module) => ({ default: module.SimilarPieceAlert })),
)

const loadStories = () => import('../journal/stories-of-piece')

/**
 * "From the Journal", low on the page: its code and its list load when the shopper scrolls near
 * it, so the product page's first load stays within its 120 KB budget. (Crawlers reach the same
 * links from the stories themselves, which link the piece.) "Near" is half a screen ahead: a whole
 * screen reached it on a laptop before any scroll (it sits some 700 px below a 720 px window's
 * fold), which loaded its three scripts and its list with the page; half a screen still leaves
 * time for a few titles from the cached list to arrive before the shopper gets there.
 */
function StoriesOfPieceWhenNear({ productId }: { productId: number }) {
  const anchor = useRef<HTMLDivElement>(null)
  const [Stories, setStories] = useState<ComponentType<{ productId: number }>>()
  useEffect(() => {
    const element = anchor.current
    if (!element) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return
        observer.disconnect()
        void loadStories().then((module) => setStories(() => module.StoriesOfPiece))
      },
      { rootMargin: '50% 0px' },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return <div ref={anchor}>{Stories && <Stories productId={productId} />}</div>
}
