import { useQuery } from '@tanstack/react-query'
import { ArrowRight } from 'lucide-react'
import { Link } from 'react-router'
import { journalPath } from '../../../shared/journal/paths'
import { queries } from '../../lib/queries'
import { storiesOf } from './journal-params'

/**
 * A product page's "From the Journal": the stories that name this piece, as a short list of
 * titles (the product page is a first load: no pictures or dates to fetch and format here).
 */
export function StoriesOfPiece({ productId }: { productId: number }) {
  const { data } = useQuery(queries.journalPosts(storiesOf(String(productId))))
  if (!data?.items.length) return null
  return (
    <section
      id="journal-stories"
      aria-labelledby="stories-heading"
      className="mt-20 border-t border-ink/10 pt-12"
    >
      <p className="text-xs uppercase tracking-[0.3em] text-jade-700">From the Journal</p>
      <h2 id="stories-heading" className="mt-3 font-display text-3xl text-ink sm:text-4xl">
        Stories about this piece
      </h2>
      <ul className="mt-8 divide-y divide-ink/10 border-y border-ink/10">
        {data.items.map((post) => (
          <li key={post.id}>
            <Link to={journalPath(post.slug)} className="group flex items-center gap-6 py-5">
              <span className="min-w-0 flex-1">
                <span className="block text-[0.6875rem] uppercase tracking-[0.25em] text-jade-700">
                  {post.category} · {post.readingTime} min read
                </span>
                <span className="mt-2 block font-display text-2xl leading-snug text-ink group-hover:text-jade-700">
                  {post.title}
                </span>
                <span className="mt-1 line-clamp-2 block text-sm leading-relaxed text-ink-muted">
                  {post.excerpt}
                </span>
              </span>
              <ArrowRight className="size-5 shrink-0 text-jade-700" aria-hidden />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
