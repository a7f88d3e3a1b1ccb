import { Link } from 'react-router'
import { capitalize, type Product } from '../../../shared/catalog/rules'
import { Badge } from '../../ui/badge'
import { Price } from '../../ui/price'
import { ProductCardImage } from '../../ui/product-card-image'
import { Skeleton } from '../../ui/skeleton'
import { WishlistHeart } from '../wishlist/wishlist-heart'

interface ProductCardProps {
  product: Product
  priority?: boolean
  /** The card's title level: h2 on a listing under its h1, h3 under a section's h2. */
  headingLevel?: 2 | 3
}

export function ProductCard({ product, priority, headingLevel = 3 }: ProductCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const detailPath = `/product/${product.id}`
  return (
    <article className="group flex flex-col">
      <div className="relative">
        <ProductCardImage product={product} priority={priority} />
        {/* Beside the link, not in it: a button inside a link is invalid and would open the page. */}
        <WishlistHeart productId={product.id} sold={product.sold} className="absolute right-3 top-3" />
      </div>
      <div className="flex flex-1 flex-col pt-5">
        <div className="flex items-center justify-between gap-3">
          <Badge variant="neutral">{capitalize(product.category)}</Badge>
          {product.status === 'reserved' && <Badge variant="reserved">Reserved</Badge>}
        </div>
        <Heading className="mt-3 font-display text-2xl leading-tight text-ink">
          <Link to={detailPath} className="hover:text-jade-700">
            {product.name}
          </Link>
        </Heading>
        <p className="mt-2 line-clamp-2 text-sm leading-relaxed text-ink-muted">{product.shortDescription}</p>
        <div className="mt-auto flex items-end justify-between pt-4">
          <Price cents={product.price} original={product.originalPrice ?? undefined} className="text-lg" />
          <Link
            to={detailPath}
            className="text-sm font-medium text-jade-700 underline decoration-gold/60 underline-offset-4 hover:decoration-jade-700"
          >
            View Details<span className="sr-only">: {product.name}</span>
          </Link>
        </div>
      </div>
    </article>
  )
}

export function ProductCardSkeleton() {
  return (
    <div aria-hidden>
      <Skeleton className="aspect-square w-full" />
      <Skeleton className="mt-5 h-5 w-20" />
      <Skeleton className="mt-3 h-7 w-3/4" />
      <Skeleton className="mt-2 h-4 w-full" />
      <Skeleton className="mt-6 h-6 w-24" />
    </div>
  )
}
