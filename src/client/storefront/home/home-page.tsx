import { useQuery } from '@tanstack/react-query'
import { ArrowRight } from 'lucide-react'
import { useEffect } from 'react'
import { Link } from 'react-router'
import { capitalize, categoryPath, PRODUCT_CATEGORIES } from '../../../shared/catalog/rules'
import { imageSources } from '../../../shared/media/images'
import { FEATURED_PIECES, queries } from '../../lib/queries'
import { Button } from '../../ui/button'
import { toast } from '../../ui/use-toast'
import { ProductCard, ProductCardSkeleton } from '../catalog/product-card'
import { TestimonialsCarousel } from '../community/testimonials-carousel'
import { NewestStory } from '../journal/journal-teasers'

// Shown when the shop has not set an image or caption for a category yet.
const FALLBACK_CAPTIONS: Record<string, string> = {
  bangles: 'Solid circles of jade, carved from a single stone.',
  bracelets: 'Beads and links that warm to the wrist.',
  earrings: 'Drops and studs with a quiet glow.',
  necklaces: 'Pendants and strands to wear close.',
  rings: 'Cabochons and saddle rings in luminous green.',
}

export function HomePage() {
  return (
    <>
      <Hero />
      <ArtOfJade />
      <FeaturedCollection />
      <OurCollections />
      <NewestStory />
      <TestimonialsCarousel />
    </>
  )
}

function Hero() {
  const { data: images } = useQuery(queries.categoryImages())
  const heroImage = images?.find((image) => image.category === 'bangles') ?? images?.[0]
  const sources = heroImage ? imageSources(heroImage.imageUrl) : undefined
  return (
    <section className="relative overflow-hidden border-b border-ink/10">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:px-6 md:grid-cols-12 md:py-24 lg:px-8">
        <div className="md:col-span-6">
          <p className="text-xs uppercase tracking-[0.2em] text-jade-700 sm:tracking-[0.35em]">
            Myanmar · Certified · One of a kind
          </p>
          <h1 className="mt-6 font-display text-5xl leading-[1.05] text-ink sm:text-6xl lg:text-7xl">
            The quiet glow of natural jadeite
          </h1>
          <p className="mt-6 max-w-md text-lg leading-relaxed text-ink-muted">
            100% Natural Type A Jadeite in the USA
          </p>
          <Button asChild size="lg" className="mt-10">
            <Link to="/products">
              Explore Collection <ArrowRight className="size-4" aria-hidden />
            </Link>
          </Button>
        </div>
        <div className="md:col-span-6">
          <div className="relative mx-auto aspect-[4/3] max-w-xl overflow-hidden bg-sand">
            {sources && (
              <img
                src={sources.src}
                srcSet={sources.srcSet}
                sizes="(min-width: 768px) 50vw, 100vw"
                alt="A natural jadeite bangle"
                width={1280}
                height={960}
                fetchPriority="high"
                className="size-full object-cover"
              />
            )}
            <div className="pointer-events-none absolute inset-3 border border-gold/40" aria-hidden />
          </div>
        </div>
      </div>
    </section>
  )
}

function ArtOfJade() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-20 text-center sm:px-6">
      <h2 className="font-display text-4xl text-ink sm:text-5xl">The Art of Jade</h2>
      <div className="mx-auto mt-6 h-px w-16 bg-gold" aria-hidden />
      <p className="mt-8 text-lg leading-relaxed text-ink-muted">
        Every piece in our collection is natural Type A jadeite from Myanmar: untreated, undyed,
        unpolymerised, as the earth made it. Each comes with an official authentication card, so the stone you
        wear is exactly the stone we promised.
      </p>
    </section>
  )
}

function FeaturedCollection() {
  const { data, isPending, isError } = useQuery(queries.productPage(FEATURED_PIECES))
  useEffect(() => {
    if (isError)
      toast({ title: 'Error', description: 'Failed to fetch featured products', variant: 'destructive' })
  }, [isError])
  return (
    <section className="bg-sand/60 py-20" aria-labelledby="featured-heading">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <p className="text-xs uppercase tracking-[0.3em] text-jade-700">Chosen by hand</p>
            <h2 id="featured-heading" className="mt-3 font-display text-4xl text-ink sm:text-5xl">
              Featured Collection
            </h2>
          </div>
          <Link
            to="/products"
            className="text-sm font-medium text-jade-700 underline decoration-gold underline-offset-8"
          >
            View All Products
          </Link>
        </div>
        <div className="mt-12 grid gap-x-8 gap-y-14 sm:grid-cols-2 lg:grid-cols-3">
          {isPending
            ? [0, 1, 2].map((n) => <ProductCardSkeleton key={n} />)
            : data?.items.map((product) => <ProductCard key={product.id} product={product} />)}
        </div>
      </div>
    </section>
  )
}

function OurCollections() {
  const { data: images = [] } = useQuery(queries.categoryImages())
  return (
    <section className="mx-auto max-w-7xl px-4 py-24 sm:px-6 lg:px-8" aria-labelledby="collections-heading">
      <h2 id="collections-heading" className="text-center font-display text-4xl text-ink sm:text-5xl">
        Our Collections
      </h2>
      <div className="mx-auto mt-6 h-px w-16 bg-gold" aria-hidden />
      <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
        {PRODUCT_CATEGORIES.map((category) => {
          const image = images.find((entry) => entry.category === category)
          const sources = image ? imageSources(image.imageUrl) : undefined
          return (
            <li key={category}>
              <Link to={categoryPath(category)} className="group block">
                {/* The tile is the picture: category pictures are 4:3 banners (seed/demo-images.ts),
                    so at their own shape nothing floats on an empty mat. */}
                <div className="relative aspect-[4/3] overflow-hidden bg-sand">
                  {sources ? (
                    <img
                      src={sources.src}
                      srcSet={sources.srcSet}
                      sizes="(min-width: 1024px) 20vw, (min-width: 640px) 50vw, 100vw"
                      alt=""
                      width={1200}
                      height={900}
                      loading="lazy"
                      className="size-full object-cover transition-transform duration-700 group-hover:scale-105"
                    />
                  ) : (
                    <div className="size-full bg-[radial-gradient(circle_at_35%_30%,var(--color-jade-100),var(--color-sand))]" />
                  )}
                </div>
                <h3 className="mt-4 font-display text-2xl text-ink group-hover:text-jade-700">
                  {capitalize(category)}
                </h3>
                <p className="mt-1 text-sm leading-relaxed text-ink-muted">
                  {image?.description ?? FALLBACK_CAPTIONS[category]}
                </p>
              </Link>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
