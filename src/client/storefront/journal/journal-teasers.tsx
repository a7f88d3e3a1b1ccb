import { useQuery } from '@tanstack/react-query'
import { ArrowRight } from 'lucide-react'
import { Link } from 'react-router'
import { imageSources } from '../../../shared/media/images'
import { formatDate } from '../../../shared/shop-dates/format'
import { NEWEST_STORY, queries } from '../../lib/queries'

/**
 * The home page's newest story, once the Journal has one: picture and words side by side. Kept
 * to what the home page already loads (no Journal card code), as it is on every first visit.
 */
export function NewestStory() {
  const { data } = useQuery(queries.journalPosts(NEWEST_STORY))
  const { data: store } = useQuery(queries.store())
  const post = data?.items[0]
  if (!post) return null
  const href = `/journal/${post.slug}`
  const picture = post.featuredImage ? imageSources(post.featuredImage) : undefined
  return (
    <section aria-labelledby="journal-heading" className="border-t border-ink/10 bg-sand/40 py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <p className="text-xs uppercase tracking-[0.3em] text-jade-700">From the Journal</p>
            <h2 id="journal-heading" className="mt-3 font-display text-4xl text-ink sm:text-5xl">
              Notes on Jade
            </h2>
          </div>
          <Link
            to="/journal"
            className="text-sm font-medium text-jade-700 underline decoration-gold underline-offset-8"
          >
            Read the Journal
          </Link>
        </div>
        <article className="group mt-12 grid items-center gap-8 md:grid-cols-12 md:gap-12">
          <Link to={href} tabIndex={-1} aria-hidden className="block overflow-hidden bg-sand md:col-span-6">
            {picture && (
              <img
                src={picture.src}
                srcSet={picture.srcSet}
                sizes="(min-width: 768px) 50vw, 100vw"
                alt=""
                width={1200}
                height={800}
                loading="lazy"
                decoding="async"
                className="aspect-[3/2] w-full object-cover transition-transform duration-700 ease-out group-hover:scale-[1.02]"
              />
            )}
          </Link>
          <div className="md:col-span-6">
            <p className="text-[0.6875rem] uppercase tracking-[0.25em] text-jade-700">
              {post.category} · {post.readingTime} min read
            </p>
            <h3 className="mt-4 font-display text-3xl leading-tight text-ink sm:text-4xl">
              <Link to={href} className="hover:text-jade-700">
                {post.title}
              </Link>
            </h3>
            <p className="mt-4 leading-relaxed text-ink-muted">{post.excerpt}</p>
            <p className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-2">
              <Link to={href} className="inline-flex items-center gap-2 text-sm font-medium text-jade-700">
                Read the story<span className="sr-only">: {post.title}</span>
                <ArrowRight className="size-4" aria-hidden />
              </Link>
              <time
                dateTime={post.publishedAt}
                className="text-xs uppercase tracking-[0.15em] text-ink-muted"
              >
                {formatDate(post.publishedAt, store?.timeZone, { long: true })}
              </time>
            </p>
          </div>
        </article>
      </div>
    </section>
  )
}
