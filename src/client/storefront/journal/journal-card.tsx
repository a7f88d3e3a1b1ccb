import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { journalPath } from '../../../shared/journal/paths'
import type { JournalPostSummary } from '../../../shared/journal/rules'
import { imageSources } from '../../../shared/media/images'
import { formatDate } from '../../../shared/shop-dates/format'
import { cn } from '../../lib/cn'
import { queries } from '../../lib/queries'

/** The post's date in the shop's time zone, the same on the server and in the browser. */
export function PostDate({ iso, className }: { iso: string; className?: string }) {
  const { data: store } = useQuery(queries.store())
  return (
    <time dateTime={iso} className={className}>
      {formatDate(iso, store?.timeZone, { long: true })}
    </time>
  )
}

/** Category and reading time, the small line above a story's title. */
export function PostKicker({ post, className }: { post: JournalPostSummary; className?: string }) {
  return (
    <p className={cn('text-[0.6875rem] uppercase tracking-[0.25em] text-jade-700', className)}>
      {post.category}
      <span className="mx-2 text-gold" aria-hidden>
        ·
      </span>
      {post.readingTime} min read
    </p>
  )
}

/** A story's picture at 3:2, or a quiet jade wash when it has none; never shifts the layout. */
export function PostImage({
  post,
  sizes,
  priority,
  className,
}: {
  post: JournalPostSummary
  sizes: string
  priority?: boolean
  className?: string
}) {
  if (!post.featuredImage) {
    return (
      <div
        className={cn(
          'aspect-[3/2] bg-[radial-gradient(circle_at_30%_30%,var(--color-jade-100),var(--color-sand)_70%)]',
          className,
        )}
        aria-hidden
      />
    )
  }
  const { src, srcSet } = imageSources(post.featuredImage)
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt=""
      width={1200}
      height={800}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      className={cn('aspect-[3/2] w-full bg-sand object-cover', className)}
    />
  )
}

/**
 * A story on a list: picture, kicker, title, excerpt and date. The title is the link (the picture
 * repeats it for pointers and is hidden from assistive technology).
 */
export function JournalCard({
  post,
  headingLevel = 2,
  sizes = '(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw',
  priority,
}: {
  post: JournalPostSummary
  headingLevel?: 2 | 3
  sizes?: string
  priority?: boolean
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const href = journalPath(post.slug)
  return (
    <article className="group flex flex-col">
      <Link to={href} tabIndex={-1} aria-hidden className="block overflow-hidden">
        <PostImage
          post={post}
          sizes={sizes}
          priority={priority}
          className="transition-transform duration-700 ease-out group-hover:scale-[1.03]"
        />
      </Link>
      <PostKicker post={post} className="mt-5" />
      <Heading className="mt-3 font-display text-2xl leading-snug text-ink sm:text-[1.75rem]">
        <Link to={href} className="hover:text-jade-700">
          {post.title}
        </Link>
      </Heading>
      <p className="mt-3 line-clamp-3 text-[0.9375rem] leading-relaxed text-ink-muted">{post.excerpt}</p>
      <PostDate iso={post.publishedAt} className="mt-4 text-xs uppercase tracking-[0.15em] text-ink-muted" />
    </article>
  )
}
