import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Check, ChevronDown } from 'lucide-react'
import { useState } from 'react'
import { NO_PRODUCT } from '../../../shared/testimonials/labels'
import { cn } from '../../lib/cn'
import { queries } from '../../lib/queries'
import { fieldClasses } from '../../ui/input'
import { SearchInput } from '../../ui/search-input'
import { Spinner } from '../../ui/spinner'

/** How many pieces the picker lists at once: a search narrows the rest. */
export const PICKER_PAGE_SIZE = 20

interface Chosen {
  id: string
  name: string
}

interface ProductPickerProps {
  id: string
  /** The chosen piece's id, or NO_PRODUCT. */
  value: string
  onChange: (id: string) => void
  error?: string | undefined
}

/**
 * The piece a review is about, found by name: one page of the catalogue at a time, asked for only
 * once the shopper opens the picker (the whole catalogue would be megabytes on a phone).
 */
export function ProductPicker({ id, value, onChange, error }: ProductPickerProps) {
  const [open, setOpen] = useState(false)
  const [search, setSearch] = useState('')
  const [chosen, setChosen] = useState<Chosen | undefined>()
  // Sold pieces too: most reviews are of a piece that was bought.
  const { data, isFetching, isError } = useQuery({
    ...queries.productPage({
      page: '1',
      pageSize: String(PICKER_PAGE_SIZE),
      includeSold: 'true',
      sort: 'name-asc',
      q: search || undefined,
    }),
    enabled: open,
    placeholderData: keepPreviousData,
  })
  // The form was reset (or never chose): the name shown follows the value.
  const current = chosen && chosen.id === value ? chosen : undefined
  const choose = (next: Chosen | undefined) => {
    setChosen(next)
    onChange(next?.id ?? NO_PRODUCT)
    setOpen(false)
  }
  const items = data?.items ?? []

  return (
    <div className="grid gap-2">
      <span id={`${id}-label`} className="text-sm font-medium text-ink">
        Product (optional)
      </span>
      <button
        id={id}
        type="button"
        aria-labelledby={`${id}-label ${id}-value`}
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        aria-invalid={error ? true : undefined}
        onClick={() => setOpen(!open)}
        className={cn(
          fieldClasses,
          'flex h-11 cursor-pointer items-center justify-between gap-3 px-3 text-left focus-visible:outline-2 focus-visible:outline-jade-700',
        )}
      >
        <span id={`${id}-value`} className="truncate">
          {current?.name ?? 'None / general feedback'}
        </span>
        <ChevronDown
          aria-hidden
          className={cn('size-4 shrink-0 text-ink-muted transition-transform', open && 'rotate-180')}
        />
      </button>
      {open && (
        <div id={`${id}-panel`} className="grid gap-3 border border-ink/10 bg-ivory/60 p-3">
          <SearchInput
            value={search}
            onSearch={setSearch}
            label="Search pieces"
            placeholder="Search pieces by name"
            className="sm:max-w-none"
          />
          <ul aria-label="Pieces" aria-busy={isFetching} className="grid max-h-72 gap-1 overflow-y-auto">
            <PickerOption
              label="None / general feedback"
              selected={value === NO_PRODUCT}
              onClick={() => choose(undefined)}
            />
            {items.map((product) => (
              <PickerOption
                key={product.id}
                label={product.name}
                detail={product.status === 'sold' ? 'Sold' : undefined}
                selected={value === String(product.id)}
                onClick={() => choose({ id: String(product.id), name: product.name })}
              />
            ))}
          </ul>
          <p className="text-xs text-ink-muted" aria-live="polite">
            {isError
              ? 'The pieces could not be loaded. Close and open the list to try again.'
              : !data
                ? ''
                : data.total === 0
                  ? 'No piece has that name.'
                  : data.total > items.length
                    ? `The first ${items.length} of ${data.total} pieces: search to find yours.`
                    : `${data.total} ${data.total === 1 ? 'piece' : 'pieces'}.`}
          </p>
          {!data && isFetching && <Spinner label="Loading pieces" className="justify-self-center" />}
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}

function PickerOption({
  label,
  detail,
  selected,
  onClick,
}: {
  label: string
  detail?: string | undefined
  selected: boolean
  onClick: () => void
}) {
  return (
    <li>
      <button
        type="button"
        aria-pressed={selected}
        onClick={onClick}
        className="flex min-h-11 w-full cursor-pointer items-center justify-between gap-3 rounded-sm px-3 py-2 text-left text-sm text-ink hover:bg-jade-50 focus-visible:outline-2 focus-visible:outline-jade-700 aria-pressed:bg-jade-50"
      >
        <span className="min-w-0 break-words">
          {label}
          {detail && <span className="ml-2 text-xs uppercase tracking-wider text-ink-muted">{detail}</span>}
        </span>
        {selected && <Check aria-hidden className="size-4 shrink-0 text-jade-700" />}
      </button>
    </li>
  )
}
