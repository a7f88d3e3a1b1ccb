import {
  type Cell,
  type ColumnDef,
  createColumnHelper,
  type Header,
  type RowData,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  type Updater,
  useTable,
} from '@tanstack/react-table'
import { ArrowDown, ArrowUp, ChevronsUpDown } from 'lucide-react'
import type { ReactNode } from 'react'
import { cn } from '../lib/cn'
import { Pagination } from './pagination'
import { Skeleton } from './skeleton'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from './table'

// The back office's one list component (DESIGN.md §8): the server sorts and pages, this renders.
// Above 640 px a table with a sticky header; below, each row becomes a stacked card built from the
// same columns (LOOK.md): media at the side, the primary column as its title, the others as
// label/value pairs and the actions along the bottom.

export interface DataTableColumnMeta {
  /** The label beside the value in a phone's card; defaults to the header when it is text. */
  label?: string
  /** media: the picture of a card; primary: its title; actions: its footer. */
  role?: 'media' | 'primary' | 'actions'
  /** Money and counts right-aligned, in tabular figures. */
  align?: 'left' | 'right' | 'center'
  /** The server's sort values for this column, when a click on its header sorts by it. */
  sort?: { asc: string; desc: string }
  /** Left out of the phone's card (the title or another cell already says it). */
  hideOnCard?: boolean
  className?: string
}

export const dataTableFeatures = tableFeatures({
  rowSortingFeature,
  columnMeta: {} as DataTableColumnMeta,
})
type Features = typeof dataTableFeatures
// biome-ignore lint/suspicious/noExplicitAny: a list mixes columns of every value type, as TanStack's own helper does.
export type DataTableColumn<TData extends RowData> = ColumnDef<Features, TData, any>

/** Columns typed for DataTable: `const column = dataTableColumns<Product>()`. */
export const dataTableColumns = <TData extends RowData>() => createColumnHelper<Features, TData>()

export interface DataTableProps<TData extends RowData> {
  /** What the list is, for screen readers ("Products"). */
  caption: string
  /** Keep stable (module scope or useMemo): a new array re-derives every row. */
  columns: DataTableColumn<TData>[]
  /** undefined while the first page loads: skeleton rows stand in. */
  data: TData[] | undefined
  getRowId: (row: TData) => string
  total: number
  page: number
  pageSize: number
  onPageChange: (page: number) => void
  /** The server's current sort value and how to ask for another. */
  sort?: string
  onSortChange?: (sort: string) => void
  /** A newer page is on its way: the rows dim instead of vanishing. */
  refreshing?: boolean
  /** Shown instead of rows when the filter matches nothing. */
  empty: ReactNode
  /** The word for the rows in the range line: "1–50 of 212 products". */
  noun?: { one: string; other: string }
  skeletonRows?: number
}

const alignClass = { left: 'text-left', right: 'text-right tabular-nums', center: 'text-center' }

export function DataTable<TData extends RowData>(props: DataTableProps<TData>) {
  const { columns, data, sort, onSortChange } = props
  const sorting = sortingFromValue(columns, sort)
  const table = useTable({
    features: dataTableFeatures,
    columns,
    data: data ?? NO_ROWS,
    getRowId: props.getRowId,
    manualSorting: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
    state: { sorting },
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater
      const value = valueFromSorting(columns, next)
      if (value && onSortChange) onSortChange(value)
    },
  })

  const loading = data === undefined
  const rows = table.getRowModel().rows
  const headers = table.getHeaderGroups()[0]?.headers ?? []
  const skeletons = Array.from({ length: props.skeletonRows ?? 8 }, (_, index) => index)

  if (!loading && rows.length === 0) return <div className="border-t border-ink/10">{props.empty}</div>

  return (
    <div aria-busy={loading || props.refreshing || undefined}>
      {/* Desktop and tablet: a table whose header stays in view. */}
      <Table
        containerClassName={cn(
          'hidden max-h-[calc(100dvh-14rem)] sm:block',
          props.refreshing && 'opacity-60 transition-opacity',
        )}
      >
        <caption className="sr-only">{props.caption}</caption>
        <TableHeader>
          <tr>
            {headers.map((header) => (
              <SortableHead key={header.id} header={header} sortable={!!onSortChange} />
            ))}
          </tr>
        </TableHeader>
        <TableBody>
          {loading
            ? skeletons.map((index) => (
                <TableRow key={index}>
                  {headers.map((header) => (
                    <TableCell key={header.id}>
                      <Skeleton
                        className={header.column.columnDef.meta?.role === 'media' ? 'size-12' : 'h-4'}
                      />
                    </TableCell>
                  ))}
                </TableRow>
              ))
            : rows.map((row) => (
                <TableRow key={row.id}>
                  {row.getAllCells().map((cell) => (
                    <TableCell key={cell.id} className={cellClass(cell)}>
                      <table.FlexRender cell={cell} />
                    </TableCell>
                  ))}
                </TableRow>
              ))}
        </TableBody>
      </Table>

      {/* Phones: one card per row. */}
      <ul
        aria-label={props.caption}
        className={cn(
          'divide-y divide-ink/10 border-y border-ink/10 sm:hidden',
          props.refreshing && 'opacity-60',
        )}
      >
        {loading
          ? skeletons.slice(0, 4).map((index) => (
              <li key={index} className="flex gap-4 py-4">
                <Skeleton className="size-16" />
                <div className="flex-1 space-y-2">
                  <Skeleton className="h-4 w-2/3" />
                  <Skeleton className="h-3 w-1/2" />
                </div>
              </li>
            ))
          : rows.map((row) => {
              const cells = row.getAllCells()
              const byRole = (role: DataTableColumnMeta['role']) =>
                cells.filter((cell) => cell.column.columnDef.meta?.role === role)
              const details = cells.filter(
                (cell) => !cell.column.columnDef.meta?.role && !cell.column.columnDef.meta?.hideOnCard,
              )
              return (
                <li key={row.id} className="flex gap-4 py-4">
                  {byRole('media').map((cell) => (
                    <div key={cell.id} className="w-16 shrink-0">
                      <table.FlexRender cell={cell} />
                    </div>
                  ))}
                  <div className="min-w-0 flex-1">
                    {byRole('primary').map((cell) => (
                      <div key={cell.id} className="font-medium text-ink [overflow-wrap:anywhere]">
                        <table.FlexRender cell={cell} />
                      </div>
                    ))}
                    {details.length > 0 && (
                      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
                        {details.map((cell) => (
                          <div key={cell.id} className="contents">
                            <dt className="text-ink-muted">{labelOf(cell)}</dt>
                            <dd
                              className={cn(
                                // A long e-mail address wraps inside its card rather than widening the page.
                                'min-w-0 text-right [overflow-wrap:anywhere]',
                                cell.column.columnDef.meta?.align === 'right' && 'tabular-nums',
                              )}
                            >
                              <table.FlexRender cell={cell} />
                            </dd>
                          </div>
                        ))}
                      </dl>
                    )}
                    {byRole('actions').map((cell) => (
                      <div key={cell.id} className="mt-3 flex flex-wrap justify-end gap-2">
                        <table.FlexRender cell={cell} />
                      </div>
                    ))}
                  </div>
                </li>
              )
            })}
      </ul>

      <Pagination
        page={props.page}
        pageSize={props.pageSize}
        total={props.total}
        onPageChange={props.onPageChange}
        noun={props.noun}
        loading={loading}
      />
    </div>
  )
}

const NO_ROWS: never[] = []

function SortableHead<TData extends RowData>({
  header,
  sortable,
}: {
  header: Header<Features, TData>
  sortable: boolean
}) {
  const meta = header.column.columnDef.meta
  const title = typeof header.column.columnDef.header === 'string' ? header.column.columnDef.header : null
  const align = alignClass[meta?.align ?? 'left']
  if (!sortable || !meta?.sort)
    return (
      <TableHead className={cn(align, meta?.role === 'actions' && 'text-right')}>
        {title ?? (meta?.label ? <span className="sr-only">{meta.label}</span> : null)}
      </TableHead>
    )
  const direction = header.column.getIsSorted()
  const Icon = direction === 'asc' ? ArrowUp : direction === 'desc' ? ArrowDown : ChevronsUpDown
  return (
    <TableHead
      className={align}
      aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined}
    >
      <button
        type="button"
        onClick={header.column.getToggleSortingHandler()}
        className={cn(
          'inline-flex cursor-pointer items-center gap-1 uppercase tracking-[0.08em] hover:text-ink',
          direction && 'text-ink',
        )}
      >
        {title}
        <Icon className="size-3.5" aria-hidden />
      </button>
    </TableHead>
  )
}

function cellClass<TData extends RowData>(cell: Cell<Features, TData, unknown>) {
  const meta = cell.column.columnDef.meta
  return cn(
    alignClass[meta?.align ?? 'left'],
    meta?.role === 'media' && 'w-16',
    meta?.role === 'actions' && 'text-right whitespace-nowrap',
    meta?.className,
  )
}

function labelOf<TData extends RowData>(cell: Cell<Features, TData, unknown>): string {
  const { meta, header } = cell.column.columnDef
  return meta?.label ?? (typeof header === 'string' ? header : cell.column.id)
}

/** The column sorted by the server's current sort value, in TanStack's terms. */
function sortingFromValue<TData extends RowData>(
  columns: DataTableColumn<TData>[],
  value?: string,
): SortingState {
  for (const column of columns) {
    const sort = column.meta?.sort
    const id = column.id ?? ('accessorKey' in column ? String(column.accessorKey) : undefined)
    if (!sort || !id) continue
    if (sort.asc === value) return [{ id, desc: false }]
    if (sort.desc === value) return [{ id, desc: true }]
  }
  return []
}

function valueFromSorting<TData extends RowData>(
  columns: DataTableColumn<TData>[],
  sorting: SortingState,
): string | undefined {
  const [first] = sorting
  if (!first) return undefined
  const column = columns.find(
    (candidate) =>
      (candidate.id ?? ('accessorKey' in candidate ? String(candidate.accessorKey) : undefined)) === first.id,
  )
  const sort = column?.meta?.sort
  return sort && (first.desc ? sort.desc : sort.asc)
}
