import { useQuery } from '@tanstack/react-query'
import { ArrowRight } from 'lucide-react'
import { Link } from 'react-router'
import { journalPath } from '../../../shared/journal'
import { queries } from '../../lib/queries'
import { JournalCard, PostDate, PostImage, PostKicker } from './journal-card'
import { NEWEST_STORY, storiesOf } from './journal-params'

/** The home page's newest story, once the Journal has one: picture and words side by side. */
export function NewestStory() {
  const { data } = useQuery(queries.journalPosts(NEWEST_STORY))
  const post = data?.items[0]
  if (!post) return null
  const href = journalPath(post.slug)
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
          <Link to={href} tabIndex={-1} aria-hidden className="block overflow-hidden md:col-span-6">
            <PostImage
              post={post}
              sizes="(min-width: 768px) 50vw, 100vw"
              className="transition-transform duration-700 ease-out group-hover:scale-[1.02]"
            />
          </Link>
          <div className="md:col-span-6">
            <PostKicker post={post} />
            <h3 className="mt-4 font-display text-3xl leading-tight text-ink sm:text-4xl">
              <Link to={href} className="hover:text-jade-700">
                {post.title}
              </Link>
            </h3>
            <p className="mt-4 leading-relaxed text-ink-muted">{post.excerpt}</p>
            <div className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-2">
              <Link to={href} className="inline-flex items-center gap-2 text-sm font-medium text-jade-700">
                Read the story<span className="sr-only">: {post.title}</span>
                <ArrowRight className="size-4" aria-hidden />
              </Link>
              <PostDate
                iso={post.publishedAt}
                className="text-xs uppercase tracking-[0.15em] text-ink-muted"
              />
            </div>
          </div>
        </article>
      </div>
    </section>
  )
}

/** A product page's "From the Journal": the stories that name this piece. */
export function StoriesOfPiece({ productId }: { productId: number }) {
  const { data } = useQuery(queries.journalPosts(storiesOf(String(productId))))
  if (!data?.items.length) return null
  return (
    <section aria-labelledby="stories-heading" className="mt-20 border-t border-ink/10 pt-12">
      <p className="text-xs uppercase tracking-[0.3em] text-jade-700">From the Journal</p>
      <h2 id="stories-heading" className="mt-3 font-display text-3xl text-ink sm:text-4xl">
        Stories about this piece
      </h2>
      <div className="mt-10 grid gap-x-10 gap-y-12 sm:grid-cols-2 lg:grid-cols-3">
        {data.items.map((post) => (
          <JournalCard key={post.id} post={post} headingLevel={3} />
        ))}
      </div>
    </section>
  )
}
