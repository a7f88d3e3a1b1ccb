import type { RowData } from '@tanstack/react-table'
import type { ListParams } from '../lib/use-list-params'
import { DataTable, type DataTableProps } from '../ui/data-table'

type Wired =
  | 'data'
  | 'getRowId'
  | 'total'
  | 'page'
  | 'pageSize'
  | 'onPageChange'
  | 'refreshing'
  | 'sort'
  | 'onSortChange'

export type ListTableProps<Row extends RowData & { id: number }> = Omit<DataTableProps<Row>, Wired> & {
  list: Pick<ListParams, 'page' | 'setPage' | 'sort' | 'setSort'>
  /** The list's query: its page of rows and their total (DESIGN.md §8: `{ items, total }`). */
  query: { data?: { items: Row[]; total: number }; isPlaceholderData: boolean }
  /** The server's page size (50 unless the page asks for another). */
  pageSize?: number
  /** The sort in force when the URL names none; given, the column headers sort the list. */
  defaultSort?: string
}

const rowId = (row: { id: number }) => String(row.id)

/**
 * The DataTable of a server-paged back-office list, wired to its URL state (page, sort) and its
 * query: skeleton rows until the first page comes, dimmed rows while the next one loads.
 */
export function ListTable<Row extends RowData & { id: number }>({
  list,
  query,
  pageSize = 50,
  defaultSort,
  ...props
}: ListTableProps<Row>) {
  return (
    <DataTable
      {...props}
      data={query.data?.items}
      getRowId={rowId}
      total={query.data?.total ?? 0}
      page={list.page}
      pageSize={pageSize}
      onPageChange={list.setPage}
      refreshing={query.isPlaceholderData}
      {...(defaultSort !== undefined && { sort: list.sort ?? defaultSort, onSortChange: list.setSort })}
    />
  )
}
