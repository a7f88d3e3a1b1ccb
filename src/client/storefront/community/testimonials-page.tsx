import { useQuery } from '@tanstack/react-query'
import { MessageSquareQuote } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { Link } from 'react-router'
import { imageSources } from '../../../shared/media/images'
import { formatDate } from '../../../shared/shop-dates/format'
import { TESTIMONIAL_MESSAGES, type Testimonial } from '../../../shared/testimonials/labels'
import { queries } from '../../lib/queries'
import { Button } from '../../ui/button'
import { EmptyState } from '../../ui/empty-state'
import { Skeleton } from '../../ui/skeleton'
import { Spinner } from '../../ui/spinner'
import { initials, Stars } from '../../ui/stars'

// The form's code (its schema and validation, the upload, the piece picker) loads when a visitor
// opens it: readers of the reviews never download it.
const loadForm = () => import('./testimonial-form')
const TestimonialForm = lazy(() => loadForm().then((module) => ({ default: module.TestimonialForm })))

export function TestimonialsPage() {
  const { data: testimonials, isPending } = useQuery(queries.testimonials())
  return (
    <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 md:py-24 lg:px-8">
      <header className="mx-auto max-w-2xl text-center">
        <p className="text-xs uppercase tracking-[0.3em] text-jade-700">In their words</p>
        <h1 className="mt-4 font-display text-5xl leading-tight text-ink sm:text-6xl">Testimonials</h1>
        <div className="mx-auto mt-6 h-px w-16 bg-gold" aria-hidden />
        <p className="mt-8 text-lg leading-relaxed text-ink-muted">
          What our customers say about the pieces they wear every day.
        </p>
        {/* On a phone the form comes after every review: one tap takes the reader there. */}
        <a
          href="#share-heading"
          className="mt-6 inline-block text-sm font-medium text-jade-700 underline decoration-gold underline-offset-8 lg:hidden"
        >
          Share your experience
        </a>
      </header>

      <div className="mt-16 grid gap-16 lg:grid-cols-12">
        <section className="lg:col-span-7" aria-label="Customer reviews">
          {isPending ? (
            <div className="grid gap-6">
              {[0, 1, 2].map((n) => (
                <Skeleton key={n} className="h-40" />
              ))}
            </div>
          ) : testimonials && testimonials.length > 0 ? (
            <ul className="divide-y divide-ink/10 border-y border-ink/10">
              {testimonials.map((testimonial) => (
                <TestimonialItem key={testimonial.id} testimonial={testimonial} />
              ))}
            </ul>
          ) : (
            <EmptyState
              icon={<MessageSquareQuote className="size-7" aria-hidden />}
              title="No reviews yet"
              description="Be the first to share your experience with one of our pieces."
              action={
                <a
                  href="#share-heading"
                  className="text-sm font-medium text-jade-700 underline decoration-gold underline-offset-8"
                >
                  Write a review
                </a>
              }
            />
          )}
        </section>

        <section className="lg:col-span-5" aria-labelledby="share-heading">
          <div className="border border-ink/10 bg-white/60 p-6 sm:p-8 lg:sticky lg:top-28">
            <h2 id="share-heading" className="font-display text-3xl text-ink">
              Share Your Experience
            </h2>
            <p className="mt-2 text-sm text-ink-muted">Reviews appear here once we have read them.</p>
            <div className="mt-8">
              <ReviewForm />
            </div>
          </div>
        </section>
      </div>
    </div>
  )
}

function ReviewForm() {
  const [open, setOpen] = useState(false)
  if (!open)
    return (
      <Button
        type="button"
        size="lg"
        className="w-full sm:w-auto"
        // Fetched as the pointer comes near: usually there before the click.
        onPointerEnter={() => void loadForm()}
        onFocus={() => void loadForm()}
        onClick={() => setOpen(true)}
      >
        Write a review
      </Button>
    )
  return (
    <Suspense fallback={<Spinner label="Loading the form" className="justify-self-start" />}>
      <TestimonialForm />
    </Suspense>
  )
}

function TestimonialItem({ testimonial }: { testimonial: Testimonial }) {
  // The shop's day, as the server rendered it: the same text when the page hydrates.
  const { data: store } = useQuery(queries.store())
  const photo = testimonial.imageUrl ? imageSources(testimonial.imageUrl) : undefined
  return (
    <li className="grid gap-6 py-10 sm:grid-cols-[1fr_auto]">
      <figure>
        <div className="flex items-center gap-4">
          <span
            aria-hidden
            className="flex size-12 shrink-0 items-center justify-center rounded-full bg-jade-100 font-display text-lg text-jade-800"
          >
            {initials(testimonial.customerName)}
          </span>
          <figcaption>
            <span className="block font-medium text-ink">{testimonial.customerName}</span>
            <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-muted">
              <Stars rating={testimonial.rating} />
              <time dateTime={testimonial.createdAt}>
                {formatDate(testimonial.createdAt, store?.timeZone)}
              </time>
            </span>
          </figcaption>
        </div>
        <blockquote className="mt-5 whitespace-pre-line font-display text-xl leading-relaxed text-ink">
          {`“${testimonial.content}”`}
        </blockquote>
        {testimonial.productId !== null && (
          <p className="mt-4 text-sm text-ink-muted">
            {'About '}
            {testimonial.productName ? (
              <Link
                to={`/product/${testimonial.productId}`}
                className="text-jade-700 underline decoration-gold/60 underline-offset-4"
              >
                {testimonial.productName}
              </Link>
            ) : (
              TESTIMONIAL_MESSAGES.unknownProduct
            )}
          </p>
        )}
      </figure>
      {photo && (
        <img
          src={photo.src}
          srcSet={photo.srcSet}
          sizes="160px"
          alt={`Shared by ${testimonial.customerName}`}
          loading="lazy"
          width={160}
          height={160}
          className="aspect-square w-40 object-cover"
        />
      )}
    </li>
  )
}
