import { useQuery } from '@tanstack/react-query'
import { BellRing } from 'lucide-react'
import { waitingWords } from '../../../shared/piece-alerts/messages'
import { pieceAlertQueries } from './api'

/**
 * Beside the product form's category: "12 people are waiting for bangles" (issue 25), so the owner
 * knows, before publishing, who will hear of the piece. Nothing while loading, nor without a category.
 */
export function WaitingHint({ category }: { category: string }) {
  const waiting = useQuery({ ...pieceAlertQueries.waiting(), enabled: !!category })
  if (!category || !waiting.data) return null
  const n = waiting.data.categories.find((row) => row.category === category.toLowerCase())?.waiting ?? 0
  return (
    <span className="inline-flex items-start gap-1.5" data-testid="waiting-hint">
      <BellRing className="mt-0.5 size-3.5 shrink-0 text-jade-700" aria-hidden />
      <span>
        {waitingWords(n, category.toLowerCase())}
        {n > 0 && ' — each hears of a new piece once it is available.'}
      </span>
    </span>
  )
}
