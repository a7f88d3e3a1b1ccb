import { useQuery } from '@tanstack/react-query'
import { ArrowLeft, ArrowRight } from 'lucide-react'
import type { MouseEvent } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { journalPath, journalTagPath, tagLabel } from '../../../shared/journal/paths'
import type { JournalPost, JournalProduct } from '../../../shared/journal/rules'
import { queries } from '../../lib/queries'
import { Button } from '../../ui/button'
import { Price } from '../../ui/price'
import { ProductImage } from '../../ui/product-image'
import { Skeleton } from '../../ui/skeleton'
import { SoldRibbon } from '../../ui/sold-ribbon'
import { PostDate, PostImage, PostKicker } from './journal-card'

/** One story, set like a page of a jeweller's magazine: a centred head, the picture, a readable column. */
export function PostPage() {
  const { slug = '' } = useParams()
  const { data: post, isPending } = useQuery(queries.journalPost(slug))
  const { data: store } = useQuery(queries.store())
  if (isPending) return <PostSkeleton />
  if (!post) return <PostNotFound />

  return (
    <article className="pb-8">
      <header className="mx-auto max-w-4xl px-4 pt-14 text-center sm:px-6 lg:pt-20">
        <Link
          to="/journal"
          className="inline-flex items-center gap-2 text-xs uppercase tracking-[0.3em] text-ink-muted hover:text-jade-700"
        >
          <ArrowLeft className="size-3.5" aria-hidden /> The Journal
        </Link>
        <PostKicker post={post} className="mt-10" />
        <h1 className="mt-6 font-display text-[2.625rem] leading-[1.06] text-ink sm:text-6xl lg:text-7xl">
          {post.title}
        </h1>
        <p className="mx-auto mt-7 max-w-2xl font-display text-xl italic leading-relaxed text-ink-muted sm:text-2xl">
          {post.excerpt}
        </p>
        <p className="mt-8 text-xs uppercase tracking-[0.2em] text-ink-muted">
          By <span className="text-ink">{post.authorName ?? store?.name ?? 'Jade Shop'}</span>
          <span className="mx-3 text-gold" aria-hidden>
            ·
          </span>
          <PostDate iso={post.publishedAt} />
        </p>
      </header>

      {post.featuredImage && (
        <figure className="mx-auto mt-12 max-w-6xl sm:px-6 lg:mt-16 lg:px-8">
          <div className="relative overflow-hidden">
            <PostImage post={post} sizes="(min-width: 1200px) 1152px, 100vw" priority />
            <span
              className="pointer-events-none absolute inset-3 border border-ivory/50 sm:inset-4"
              aria-hidden
            />
          </div>
        </figure>
      )}

      <div className="mx-auto mt-14 max-w-[42rem] px-5 sm:px-6 lg:mt-20">
        <ArticleBody html={post.contentHtml} />
        {post.tags.length > 0 && (
          <ul aria-label="Tags" className="mt-14 flex flex-wrap gap-2 border-t border-ink/10 pt-8">
            {post.tags.map((tag) => (
              <li key={tag}>
                <Link
                  to={journalTagPath(tag)}
                  className="inline-flex h-9 items-center rounded-full border border-ink/15 px-4 text-sm text-ink-muted transition-colors hover:border-jade-700 hover:text-jade-700"
                >
                  {tagLabel(tag)}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>

      {post.products.length > 0 && <PiecesInThisStory pieces={post.products} />}
      <Neighbours post={post} />
    </article>
  )
}

/**
 * The sanitized article from the server. Links to the shop's own pages open inside the app (no
 * full reload); other links behave as links do.
 */
function ArticleBody({ html }: { html: string }) {
  const navigate = useNavigate()
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as HTMLElement).closest('a')
    if (!link || event.defaultPrevented || event.button !== 0) return
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    const url = new URL(link.href, window.location.href)
    if (url.origin !== window.location.origin || link.target) return
    event.preventDefault()
    navigate(url.pathname + url.search + url.hash)
  }
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: only intercepts clicks on the links inside, which keep their own keyboard behaviour
    <div
      className="journal-article"
      onClick={onClick}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered from Markdown and sanitized by the server (modules/journal/render.ts)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}

function PiecesInThisStory({ pieces }: { pieces: JournalProduct[] }) {
  return (
    <section aria-labelledby="pieces-heading" className="mx-auto mt-20 max-w-5xl px-4 sm:px-6 lg:px-8">
      <div className="border-t border-gold/50 pt-10 text-center">
        <p className="text-xs uppercase tracking-[0.3em] text-jade-700">From the collection</p>
        <h2 id="pieces-heading" className="mt-3 font-display text-3xl text-ink sm:text-4xl">
          Pieces in this story
        </h2>
      </div>
      <ul className="mt-10 grid grid-cols-2 gap-x-5 gap-y-10 sm:gap-x-8 md:grid-cols-3">
        {pieces.map((piece) => (
          <li key={piece.id}>
            <Link to={`/product/${piece.id}`} className="group block" data-testid="journal-product-card">
              <div className="relative overflow-hidden bg-sand">
                <ProductImage
                  url={piece.imageUrl ?? undefined}
                  alt=""
                  sizes="(min-width: 768px) 300px, 50vw"
                  className="transition-transform duration-700 group-hover:scale-[1.04]"
                />
                {piece.sold && <SoldRibbon />}
              </div>
              <h3 className="mt-4 font-display text-xl leading-snug text-ink group-hover:text-jade-700">
                {piece.name}
                {piece.sold && <span className="sr-only"> (sold)</span>}
              </h3>
              <Price cents={piece.price} className="mt-1 text-sm" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}

function Neighbours({ post }: { post: JournalPost }) {
  if (!post.previous && !post.next) return null
  return (
    <nav
      aria-label="More stories"
      className="mx-auto mt-20 grid max-w-5xl gap-px border-y border-ink/10 bg-ink/10 sm:grid-cols-2"
    >
      {[
        { link: post.previous, label: 'Previous story', align: 'sm:text-left' },
        { link: post.next, label: 'Next story', align: 'sm:text-right' },
      ].map(({ link, label, align }) =>
        link ? (
          <Link
            key={label}
            to={journalPath(link.slug)}
            className={`group block bg-ivory px-5 py-8 text-center sm:px-8 ${align}`}
          >
            <span className="inline-flex items-center gap-2 text-[0.6875rem] uppercase tracking-[0.3em] text-ink-muted">
              {label === 'Previous story' && <ArrowLeft className="size-3.5" aria-hidden />}
              {label}
              {label === 'Next story' && <ArrowRight className="size-3.5" aria-hidden />}
            </span>
            <span className="mt-3 block font-display text-2xl leading-snug text-ink group-hover:text-jade-700">
              {link.title}
            </span>
          </Link>
        ) : (
          <span key={label} className="hidden bg-ivory sm:block" />
        ),
      )}
    </nav>
  )
}

function PostNotFound() {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-28 text-center">
      <p className="font-display text-7xl text-jade-700">404</p>
      <h1 className="mt-4 font-display text-4xl text-ink">Story Not Found</h1>
      <p className="mt-4 text-ink-muted">This story is not here, or not yet. The Journal has others.</p>
      <div className="mt-10 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to="/journal">Read the Journal</Link>
        </Button>
        <Button asChild variant="secondary">
          <Link to="/products">Browse the Collection</Link>
        </Button>
      </div>
    </section>
  )
}

function PostSkeleton() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-20 text-center" aria-busy="true">
      <span className="sr-only">Loading the story…</span>
      <Skeleton className="mx-auto h-3 w-40" />
      <Skeleton className="mx-auto mt-8 h-14 w-4/5" />
      <Skeleton className="mx-auto mt-6 h-6 w-3/5" />
      <Skeleton className="mt-14 aspect-[3/2] w-full" />
    </div>
  )
}
