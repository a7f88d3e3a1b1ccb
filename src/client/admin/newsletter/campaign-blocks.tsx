import { useQuery } from '@tanstack/react-query'
import { Plus, X } from 'lucide-react'
import { useDeferredValue, useState } from 'react'
import { CAMPAIGN_MAX_PRODUCTS } from '../../../shared/campaigns/rules'
import { formatCents } from '../../../shared/money'
import { queries } from '../../lib/queries'
import { Button } from '../../ui/button'
import { FormField } from '../../ui/form-field'
import { Input } from '../../ui/input'
import { Select } from '../../ui/select'

// A campaign's optional blocks (issue 38): up to six pieces from the catalogue and one journal
// story. Picked from what the storefront shows (pieces on sale, published stories), so a member
// who sends the newsletter needs no catalogue or journal permission to pick them.

/** The pieces picked, in order, and a search of the pieces on sale to add more. */
export function PiecesField({
  id,
  value,
  onChange,
  disabled,
  error,
}: {
  id: string
  value: number[]
  onChange: (ids: number[]) => void
  disabled?: boolean
  error?: string
}) {
  const [search, setSearch] = useState('')
  const q = useDeferredValue(search.trim())
  const found = useQuery({
    ...queries.productPage({ q, page: '1', pageSize: '8' }),
    enabled: q.length >= 2 && !disabled,
  })
  const full = value.length >= CAMPAIGN_MAX_PRODUCTS
  return (
    <FormField
      label="Pieces"
      htmlFor={id}
      error={error}
      hint={`Up to ${CAMPAIGN_MAX_PRODUCTS}: picture, name, price and link. A piece sold by the time of sending shows as sold.`}
    >
      <div className="grid gap-3">
        {value.length > 0 && (
          <ul className="grid gap-2" aria-label="Picked for this campaign">
            {value.map((productId) => (
              <PickedPiece
                key={productId}
                id={productId}
                disabled={disabled}
                onRemove={() => onChange(value.filter((other) => other !== productId))}
              />
            ))}
          </ul>
        )}
        <Input
          id={id}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={full ? 'Six pieces picked' : 'Search the pieces on sale'}
          disabled={disabled || full}
          autoComplete="off"
        />
        {q.length >= 2 && !full && (
          <ul className="grid gap-1" aria-label="Search results">
            {(found.data?.items ?? [])
              .filter((piece) => !value.includes(piece.id))
              .map((piece) => (
                <li
                  key={piece.id}
                  className="flex items-center justify-between gap-3 border-b border-ink/10 py-1"
                >
                  <span className="min-w-0 break-words text-sm">
                    {piece.name}{' '}
                    <span className="text-ink-muted tabular-nums">{formatCents(piece.price)}</span>
                  </span>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    onClick={() => onChange([...value, piece.id])}
                    disabled={disabled}
                  >
                    <Plus className="size-4" aria-hidden /> Add<span className="sr-only"> {piece.name}</span>
                  </Button>
                </li>
              ))}
          </ul>
        )}
      </div>
    </FormField>
  )
}

function PickedPiece({ id, onRemove, disabled }: { id: number; onRemove: () => void; disabled?: boolean }) {
  const { data: piece, isError } = useQuery({ ...queries.product(String(id)), retry: false })
  const name = piece ? piece.name : isError ? `Piece #${id} (no longer in the catalogue)` : `Piece #${id}`
  return (
    <li className="flex items-center justify-between gap-3 border border-ink/10 bg-white px-3 py-2">
      <span className="min-w-0 break-words text-sm">
        {name}
        {piece && (
          <span className="ml-2 text-ink-muted tabular-nums">
            {piece.sold ? 'Sold' : formatCents(piece.price)}
          </span>
        )}
      </span>
      <Button type="button" variant="ghost" size="sm" onClick={onRemove} disabled={disabled}>
        <X className="size-4" aria-hidden /> Remove<span className="sr-only"> {name}</span>
      </Button>
    </li>
  )
}

/** One published story, or none. */
export function StoryField({
  id,
  value,
  onChange,
  disabled,
  error,
}: {
  id: string
  value: number | null
  onChange: (id: number | null) => void
  disabled?: boolean
  error?: string
}) {
  const posts = useQuery(queries.journalPosts({ page: '1', pageSize: '50' }))
  return (
    <FormField label="Journal story" htmlFor={id} error={error} hint="Its picture, title, excerpt and link.">
      <Select
        id={id}
        value={value === null ? '' : String(value)}
        onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
        disabled={disabled}
      >
        <option value="">No story</option>
        {(posts.data?.items ?? []).map((post) => (
          <option key={post.id} value={post.id}>
            {post.title}
          </option>
        ))}
      </Select>
    </FormField>
  )
}
