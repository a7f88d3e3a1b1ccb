import { useQuery } from '@tanstack/react-query'
import { ArrowLeft, ArrowRight, BookOpen } from 'lucide-react'
import { Link, useParams, useSearchParams } from 'react-router'
import { JOURNAL_PAGE_SIZE, journalPath, tagLabel } from '../../../shared/journal/paths'
import type { JournalPostSummary } from '../../../shared/journal/rules'
import { queries } from '../../lib/queries'
import { Button } from '../../ui/button'
import { EmptyState } from '../../ui/empty-state'
import { Skeleton } from '../../ui/skeleton'
import { JournalCard, PostDate, PostImage, PostKicker } from './journal-card'
import { journalListParams, journalPageOf } from './journal-params'

/** /journal and /journal/tag/:tag: the newest story large, the others in a grid, paged by links. */
export function JournalPage() {
  const { tag } = useParams()
  const [search] = useSearchParams()
  const page = journalPageOf(search)
  const { data, isPending } = useQuery(queries.journalPosts(journalListParams(search, tag)))
  const items = data?.items ?? []
  const [lead, ...rest] = page === 1 && !tag ? items : [undefined, ...items]
  const pages = data ? Math.max(1, Math.ceil(data.total / JOURNAL_PAGE_SIZE)) : 1
  const base = tag ? `/journal/tag/${encodeURIComponent(tag)}` : '/journal'

  return (
    <div className="mx-auto max-w-7xl px-4 pt-14 sm:px-6 lg:px-8 lg:pt-20">
      <header className="mx-auto max-w-3xl text-center">
        <p className="text-xs uppercase tracking-[0.35em] text-jade-700">
          {tag ? 'Stories tagged' : 'The Journal'}
        </p>
        <h1 className="mt-5 font-display text-5xl leading-[1.05] text-ink sm:text-6xl">
          {tag ? tagLabel(tag) : 'Notes on Jade'}
        </h1>
        <div className="mx-auto mt-6 h-px w-16 bg-gold" aria-hidden />
        <p className="mt-6 text-lg leading-relaxed text-ink-muted">
          {tag ? (
            <Link to="/journal" className="text-jade-700 underline decoration-gold/60 underline-offset-4">
              All stories
            </Link>
          ) : (
            'How to know natural Type A jadeite, how to choose and wear it, and the stories of the pieces that pass through our hands.'
          )}
        </p>
      </header>

      {isPending ? (
        <JournalSkeleton />
      ) : items.length === 0 ? (
        <EmptyState
          className="mt-16"
          icon={<BookOpen className="size-7" aria-hidden />}
          title={tag ? 'No stories with this tag' : 'The first story is being written'}
          description="In the meantime, the pieces themselves have plenty to say."
          action={
            <Button asChild>
              <Link to="/products">Browse the Collection</Link>
            </Button>
          }
        />
      ) : (
        <>
          {lead && <LeadStory post={lead} />}
          {rest.length > 0 && (
            <div className="mt-16 grid gap-x-10 gap-y-16 border-t border-ink/10 pt-16 sm:grid-cols-2 lg:grid-cols-3">
              {rest.map((post, index) =>
                post ? <JournalCard key={post.id} post={post} priority={!lead && index < 2} /> : null,
              )}
            </div>
          )}
        </>
      )}

      {pages > 1 && (
        <nav
          aria-label="Journal pages"
          className="mt-20 flex items-center justify-between border-t border-ink/10 pt-8"
        >
          {page > 1 ? (
            <Link
              to={page === 2 ? base : `${base}?page=${page - 1}`}
              className="inline-flex items-center gap-2 text-sm font-medium text-jade-700"
            >
              <ArrowLeft className="size-4" aria-hidden /> Newer stories
            </Link>
          ) : (
            <span />
          )}
          <span className="text-sm tabular-nums text-ink-muted">
            Page {page} of {pages}
          </span>
          {page < pages ? (
            <Link
              to={`${base}?page=${page + 1}`}
              className="inline-flex items-center gap-2 text-sm font-medium text-jade-700"
            >
              Older stories <ArrowRight className="size-4" aria-hidden />
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </div>
  )
}

/** The newest story, given the width of the page: picture and words side by side on a laptop. */
function LeadStory({ post }: { post: JournalPostSummary }) {
  const href = journalPath(post.slug)
  return (
    <article className="group mt-14 grid items-center gap-8 lg:mt-20 lg:grid-cols-12 lg:gap-14">
      <Link to={href} tabIndex={-1} aria-hidden className="relative block overflow-hidden lg:col-span-7">
        <PostImage
          post={post}
          sizes="(min-width: 1280px) 720px, (min-width: 1024px) 58vw, 100vw"
          priority
          className="transition-transform duration-700 ease-out group-hover:scale-[1.02]"
        />
        <span className="pointer-events-none absolute inset-3 border border-ivory/50" aria-hidden />
      </Link>
      <div className="lg:col-span-5">
        <PostKicker post={post} />
        <h2 className="mt-4 font-display text-4xl leading-[1.1] text-ink sm:text-5xl">
          <Link to={href} className="hover:text-jade-700">
            {post.title}
          </Link>
        </h2>
        <p className="mt-5 text-lg leading-relaxed text-ink-muted">{post.excerpt}</p>
        <div className="mt-8 flex flex-wrap items-center gap-x-6 gap-y-3">
          <Link
            to={href}
            className="inline-flex items-center gap-2 text-sm font-medium text-jade-700 underline decoration-gold underline-offset-8"
          >
            Read the story<span className="sr-only">: {post.title}</span>{' '}
            <ArrowRight className="size-4" aria-hidden />
          </Link>
          <PostDate iso={post.publishedAt} className="text-xs uppercase tracking-[0.15em] text-ink-muted" />
        </div>
      </div>
    </article>
  )
}

function JournalSkeleton() {
  return (
    <div className="mt-16 grid gap-10 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
      <span className="sr-only">Loading stories…</span>
      {[0, 1, 2].map((n) => (
        <div key={n} aria-hidden>
          <Skeleton className="aspect-[3/2] w-full" />
          <Skeleton className="mt-5 h-3 w-32" />
          <Skeleton className="mt-4 h-7 w-4/5" />
          <Skeleton className="mt-3 h-4 w-full" />
        </div>
      ))}
    </div>
  )
}
