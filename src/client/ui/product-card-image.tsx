import { Link } from 'react-router'
import type { Product } from '../../shared/catalog/rules'
import { ProductImage } from './product-image'
import { SoldRibbon } from './sold-ribbon'

const CARD_SIZES = '(min-width: 1280px) 400px, (min-width: 640px) 50vw, 100vw'

/**
 * A card's picture: the first image, linking to the piece (hidden from assistive technology: the
 * title link says the same), zooming softly on hover, with the SOLD ribbon when sold.
 */
export function ProductCardImage({ product, priority }: { product: Product; priority?: boolean }) {
  return (
    <Link
      to={`/product/${product.id}`}
      className="relative block overflow-hidden bg-sand"
      tabIndex={-1}
      aria-hidden
    >
      <ProductImage
        url={product.imageUrls[0]}
        alt=""
        sizes={CARD_SIZES}
        priority={priority}
        className="transition-transform duration-700 ease-out group-hover:scale-[1.04]"
      />
      {product.sold && <SoldRibbon />}
    </Link>
  )
}
