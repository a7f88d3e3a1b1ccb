import { useQuery } from '@tanstack/react-query'
import type { EmblaCarouselType } from 'embla-carousel'
import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { cn } from '../../lib/cn'
import { queries } from '../../lib/queries'
import { initials, Stars } from '../../ui/stars'

/** Testimonial autoplay interval (storefront.md §9). */
const AUTOPLAY_MS = 5000
const CAROUSEL_SIZE = 8

/**
 * The home page's Customer Testimonials (storefront.md §3), only when any exist. Server-rendered:
 * the first quote is in the HTML; Embla takes over after hydration. Autoplay pauses while the
 * pointer or the keyboard focus is inside, and never starts for people who prefer less motion.
 */
export function TestimonialsCarousel() {
  const { data: testimonials = [] } = useQuery(queries.testimonials())
  const slides = testimonials.slice(0, CAROUSEL_SIZE)
  const viewport = useRef<HTMLDivElement>(null)
  const [embla, setEmbla] = useState<EmblaCarouselType>()
  const [selected, setSelected] = useState(0)

  // Embla (and its autoplay) load when the carousel comes near the screen: the section sits at the
  // foot of the home page, and its script need not weigh on the page's first load. Until then the
  // server-rendered first quote shows.
  useEffect(() => {
    const node = viewport.current
    if (!node || slides.length < 2) return
    let api: EmblaCarouselType | undefined
    let cancelled = false
    const start = async () => {
      const [{ default: EmblaCarousel }, { default: Autoplay }] = await Promise.all([
        import('embla-carousel'),
        import('embla-carousel-autoplay'),
      ])
      if (cancelled) return
      const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches
      api = EmblaCarousel(
        node,
        { loop: true },
        reduceMotion
          ? []
          : [Autoplay({ delay: AUTOPLAY_MS, stopOnInteraction: false, stopOnMouseEnter: true })],
      )
      api.on('select', (current) => setSelected(current.selectedScrollSnap()))
      setEmbla(api)
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return
        observer.disconnect()
        void start()
      },
      { rootMargin: '300px' },
    )
    observer.observe(node)
    return () => {
      cancelled = true
      observer.disconnect()
      api?.destroy()
    }
  }, [slides.length])

  // Keyboard focus inside (a dot, the link) holds the quote still; it moves on once focus leaves.
  useEffect(() => {
    const root = embla?.rootNode().parentElement
    const plugin = embla?.plugins().autoplay
    if (!root || !plugin) return
    const hold = () => plugin.stop()
    const resume = (event: FocusEvent) => {
      if (!root.contains(event.relatedTarget as Node | null)) plugin.play()
    }
    root.addEventListener('focusin', hold)
    root.addEventListener('focusout', resume)
    return () => {
      root.removeEventListener('focusin', hold)
      root.removeEventListener('focusout', resume)
    }
  }, [embla])

  if (slides.length === 0) return null
  return (
    <section
      className="border-t border-ink/10 py-24"
      aria-labelledby="testimonials-heading"
      aria-roledescription="carousel"
    >
      <div className="mx-auto max-w-4xl px-4 text-center sm:px-6">
        <p className="text-xs uppercase tracking-[0.3em] text-jade-700">In their words</p>
        <h2 id="testimonials-heading" className="mt-3 font-display text-4xl text-ink sm:text-5xl">
          Customer Testimonials
        </h2>
        <div className="mx-auto mt-6 h-px w-16 bg-gold" aria-hidden />
        <div className="mt-12 overflow-hidden" ref={viewport}>
          <ul className="flex">
            {slides.map((testimonial, index) => (
              <li
                key={testimonial.id}
                className="min-w-0 shrink-0 grow-0 basis-full px-2"
                aria-roledescription="slide"
                aria-label={`${index + 1} of ${slides.length}`}
              >
                <figure className="mx-auto max-w-2xl">
                  <blockquote className="line-clamp-6 whitespace-pre-line font-display text-2xl leading-relaxed text-ink sm:text-3xl">
                    {`“${testimonial.content}”`}
                  </blockquote>
                  <figcaption className="mt-8 flex flex-col items-center gap-3">
                    <span
                      aria-hidden
                      className="flex size-12 items-center justify-center rounded-full bg-jade-100 font-display text-lg text-jade-800"
                    >
                      {initials(testimonial.customerName)}
                    </span>
                    <span className="font-medium text-ink">{testimonial.customerName}</span>
                    <Stars rating={testimonial.rating} />
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
        {slides.length > 1 && (
          <div className="mt-10 flex justify-center gap-1">
            {slides.map((testimonial, index) => (
              <button
                key={testimonial.id}
                type="button"
                aria-label={`Show testimonial ${index + 1} of ${slides.length}`}
                aria-current={index === selected ? 'true' : undefined}
                onClick={() => embla?.scrollTo(index)}
                className="group flex size-11 cursor-pointer items-center justify-center"
              >
                <span
                  className={cn(
                    'block h-1.5 rounded-full transition-all',
                    index === selected ? 'w-6 bg-jade-700' : 'w-1.5 bg-ink/25 group-hover:bg-ink/50',
                  )}
                />
              </button>
            ))}
          </div>
        )}
        <Link
          to="/testimonials"
          className="mt-8 inline-block text-sm font-medium text-jade-700 underline decoration-gold underline-offset-8"
        >
          Read all testimonials
        </Link>
      </div>
    </section>
  )
}
