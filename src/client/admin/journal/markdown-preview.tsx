import { useQuery } from '@tanstack/react-query'
import DOMPurify from 'dompurify'
import { useDeferredValue, useMemo } from 'react'
import { linkedProductIds, markdownToHtml } from '../../../shared/journal/markdown'
import { formatCents } from '../../../shared/money'
import { ClientOnly } from '../../lib/client-only'
import { queries } from '../../lib/queries'

// The editor's live preview: the same Markdown reading as the server's (shared/journal/markdown.ts),
// sanitized here by DOMPurify (the browser has a DOM), set in the storefront's article styles.
// What readers get is rendered and sanitized again by the server.

interface PreviewProps {
  content: string
  title: string
}

/** Drawn in the browser only: DOMPurify needs a DOM, which the server's render of the editor has not. */
export function MarkdownPreview(props: PreviewProps) {
  return (
    <ClientOnly fallback={<PreviewTitle title={props.title} />}>
      <Preview {...props} />
    </ClientOnly>
  )
}

const PreviewTitle = ({ title }: { title: string }) => (
  <h2 className="font-display text-3xl leading-tight text-ink">{title || 'Untitled story'}</h2>
)

function Preview({ content, title }: PreviewProps) {
  // Typing stays instant: the preview follows a moment behind on a long article.
  const deferred = useDeferredValue(content)
  const html = useMemo(
    () =>
      DOMPurify.sanitize(markdownToHtml(deferred), {
        FORBID_TAGS: ['style', 'form'],
        FORBID_ATTR: ['style'],
      }),
    [deferred],
  )
  const pieceIds = useMemo(
    () => linkedProductIds(deferred, typeof window === 'undefined' ? [] : [window.location.host]),
    [deferred],
  )
  return (
    <div>
      <PreviewTitle title={title} />
      {deferred.trim() ? (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify just above
        <div className="journal-article mt-6" dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <p className="mt-6 text-sm text-ink-muted">The preview appears here as you write.</p>
      )}
      {pieceIds.length > 0 && <LinkedPieces ids={pieceIds} />}
    </div>
  )
}

/** The pieces the text links to, as they will show under the story. */
function LinkedPieces({ ids }: { ids: number[] }) {
  return (
    <section aria-label="Pieces in this story" className="mt-8 border-t border-gold/50 pt-5">
      <p className="text-[0.6875rem] uppercase tracking-[0.2em] text-jade-700">Pieces in this story</p>
      <ul className="mt-3 grid gap-2 text-sm">
        {ids.map((id) => (
          <LinkedPiece key={id} id={id} />
        ))}
      </ul>
    </section>
  )
}

// One query per piece (useQueries would pull its observer into the storefront's framework chunk).
function LinkedPiece({ id }: { id: number }) {
  const { data: product, isError } = useQuery({ ...queries.product(String(id)), retry: false })
  return (
    <li className="flex items-baseline justify-between gap-3 border-b border-ink/10 pb-2">
      <span className="min-w-0 truncate">
        {product ? product.name : isError ? `Piece #${id} was not found: no card will show` : `Piece #${id}`}
      </span>
      {product && (
        <span className="shrink-0 tabular-nums text-ink-muted">
          {product.sold ? 'Sold' : formatCents(product.price)}
        </span>
      )}
    </li>
  )
}
