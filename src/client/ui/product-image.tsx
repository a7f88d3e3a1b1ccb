import { imageSources } from '../../shared/media/images'
import { cn } from '../lib/cn'

interface ProductImageProps {
  url: string | undefined
  alt: string
  /** The rendered width, for the browser to pick a source from the srcset. */
  sizes: string
  priority?: boolean
  className?: string
}

/** A square product picture: responsive WebP sources, fixed aspect so nothing shifts. */
export function ProductImage({ url, alt, sizes, priority, className }: ProductImageProps) {
  if (!url) return <div className={cn('aspect-square bg-sand', className)} role="img" aria-label={alt} />
  const { src, srcSet } = imageSources(url)
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={1280}
      height={1280}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      className={cn('aspect-square w-full object-cover', className)}
    />
  )
}
