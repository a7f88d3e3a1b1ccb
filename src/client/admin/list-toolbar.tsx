import type { ReactNode } from 'react'
import { cn } from '../lib/cn'
import type { ListParams } from '../lib/use-list-params'
import { Button } from '../ui/button'
import { SearchInput } from '../ui/search-input'
import { Select } from '../ui/select'

// What sits above a back-office list (LOOK.md: a search box that answers as you type, the list's
// filters and sort), wired to its URL state from useListParams.

const ROW = {
  sm: 'flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between',
  lg: 'flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between',
}

/** The list's search box and, beside it from `wideFrom` up (below it on phones), its other controls. */
export function ListToolbar({
  list,
  label,
  placeholder,
  wideFrom = 'sm',
  className,
  children,
}: {
  list: Pick<ListParams, 'search' | 'setSearch'>
  /** The search box's accessible name ("Search orders"). */
  label: string
  placeholder: string
  /** The width from which the controls stand beside the search box rather than under it. */
  wideFrom?: keyof typeof ROW
  className?: string
  children?: ReactNode
}) {
  return (
    <div className={cn('mb-4', children && ROW[wideFrom], className)}>
      <SearchInput label={label} placeholder={placeholder} value={list.search} onSearch={list.setSearch} />
      {children}
    </div>
  )
}

/**
 * A filter or the sort of the list: the native picker over the choice's values, each shown by its
 * label. A filter that can be lifted starts its values with '' ("All roles").
 */
export function ListSelect<Value extends string>({
  label,
  choice,
  labels,
  className,
}: {
  /** Its accessible name ("Role", "Sort"). */
  label: string
  /** Its options, the one chosen, and how to choose another (a ListChoice, or the sort). */
  choice: { values: readonly Value[]; value: string; set: (value: string) => void }
  labels: Record<Value, string> | ((value: Value) => string)
  className?: string
}) {
  return (
    <Select
      aria-label={label}
      value={choice.value}
      onChange={(event) => choice.set(event.target.value)}
      className={className}
    >
      {choice.values.map((value) => (
        <option key={value} value={value}>
          {typeof labels === 'function' ? labels(value) : labels[value]}
        </option>
      ))}
    </Select>
  )
}

/** The list's sort, kept in the URL; `fallback` is the server's default when the URL names none. */
export function SortSelect<Sort extends string>({
  list,
  sorts,
  labels,
  fallback = 'newest',
  className,
}: {
  list: Pick<ListParams, 'sort' | 'setSort'>
  sorts: readonly Sort[]
  labels: Record<Sort, string>
  fallback?: string
  className?: string
}) {
  const choice = { values: sorts, value: list.sort ?? fallback, set: list.setSort }
  return <ListSelect label="Sort" choice={choice} labels={labels} className={className} />
}

/** An empty state's way out of a search that found nothing; nothing when no search is on. */
export function clearSearchAction(
  list: Pick<ListParams, 'search' | 'setSearch'>,
  variant: 'link' | 'secondary' = 'link',
): ReactNode {
  return list.search ? (
    <Button variant={variant} onClick={() => list.setSearch('')}>
      Clear search
    </Button>
  ) : undefined
}
