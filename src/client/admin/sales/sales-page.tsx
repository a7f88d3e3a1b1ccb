import { useQuery } from '@tanstack/react-query'
import { Download, Plus, Receipt } from 'lucide-react'
import { lazy, Suspense, useMemo, useState } from 'react'
import { formatCents } from '../../../shared/money'
import { salesAdminContract } from '../../../shared/sales/admin-contract'
import { SALE_PERIOD_LABELS, SALE_PERIODS, type Sale } from '../../../shared/sales/schema'
import { useShopTimeZone } from '../../lib/shop-time-zone'
import { useFailureToast } from '../../lib/use-failure-toast'
import { useListParams } from '../../lib/use-list-params'
import { Button } from '../../ui/button'
import { EmptyState } from '../../ui/empty-state'
import { Skeleton } from '../../ui/skeleton'
import { useAccess } from '../access'
import { Figure, FigureGrid } from '../figures'
import { ListTable } from '../list-table'
import { ListSelect, ListToolbar } from '../list-toolbar'
import { PageHeader } from '../page-header'
import { SALE_FILTERS, SALES_PAGE_SIZE, salesPageQuery, salesQueries } from './api'
import { RecordSaleDialog } from './record-sale-dialog'
import { saleColumns } from './sale-columns'
import { SaleDetailsDialog } from './sale-details-dialog'

// The chart library is the heaviest thing on this page: it loads after the figures and the table.
const SalesChart = lazy(() => import('./sales-chart'))

export function SalesPage() {
  const list = useListParams(SALE_FILTERS)
  const periods = list.oneOf('period', SALE_PERIODS)
  const period = periods.value
  const search = list.query.search
  const query = useQuery(salesPageQuery(list.params))
  const monthly = useQuery(salesQueries.monthly())
  useFailureToast('Failed to fetch sales', query.error)

  const [recording, setRecording] = useState(false)
  const [details, setDetails] = useState<Sale>()
  const timeZone = useShopTimeZone()
  const { can } = useAccess()
  const withProfit = can('products:cost')
  const columns = useMemo(() => saleColumns(setDetails, timeZone, withProfit), [timeZone, withProfit])
  const summary = query.data?.summary

  return (
    <>
      <PageHeader
        title="Sales"
        description="Every piece sold, online or by hand, with its profit."
        actions={
          <div className="flex gap-2">
            <Button variant="secondary" asChild>
              <a
                href={`${salesAdminContract.exportCsv.path}?${new URLSearchParams({ period, ...(search ? { search } : {}) })}`}
                download
              >
                <Download className="size-4" aria-hidden /> Export
              </a>
            </Button>
            {can('sales:record') && (
              <Button onClick={() => setRecording(true)}>
                <Plus className="size-4" aria-hidden /> Record Sale
              </Button>
            )}
          </div>
        }
      />

      <ListToolbar list={list} label="Search sales" placeholder="Search by piece, SKU or customer">
        <ListSelect label="Period" choice={periods} labels={SALE_PERIOD_LABELS} className="sm:w-44" />
      </ListToolbar>

      <section aria-label="Sales figures" className="mb-8">
        <FigureGrid>
          <Figure
            label="Total Sales"
            loading={!summary}
            detail={
              summary && summary.refunds.count > 0
                ? `${SALE_PERIOD_LABELS[period]} · ${formatCents(summary.refunds.amount)} refunded`
                : SALE_PERIOD_LABELS[period]
            }
          >
            {summary && formatCents(summary.totalSales)}
          </Figure>
          {withProfit && (
            <Figure label="Total Profit" loading={!summary} detail="Where the cost is known">
              {summary?.totalProfit !== undefined && formatCents(summary.totalProfit)}
            </Figure>
          )}
          <Figure label="Transactions" loading={!summary} detail="Pieces sold">
            {summary?.transactions.toLocaleString('en-US')}
          </Figure>
          <Figure label="Avg. Ticket" loading={!summary} detail="Sales ÷ transactions">
            {summary && formatCents(summary.averageTicket)}
          </Figure>
        </FigureGrid>
      </section>

      {monthly.data?.some((month) => month.sales > 0) && (
        <section className="mb-8">
          <Suspense fallback={<Skeleton className="h-72 w-full rounded-lg" />}>
            <SalesChart months={monthly.data} />
          </Suspense>
        </section>
      )}

      <ListTable
        caption="Sales"
        noun={{ one: 'sale', other: 'sales' }}
        columns={columns}
        list={list}
        query={query}
        pageSize={SALES_PAGE_SIZE}
        empty={
          <EmptyState
            icon={<Receipt className="size-7" aria-hidden />}
            title={search ? 'No matching sales' : 'No sales recorded yet'}
            description={
              search
                ? `No sales match "${search}" (${SALE_PERIOD_LABELS[period]}).`
                : period === 'all'
                  ? 'Orders paid in full and sales you record appear here.'
                  : `Nothing sold in this period (${SALE_PERIOD_LABELS[period]}).`
            }
            action={can('sales:record') && <Button onClick={() => setRecording(true)}>Record Sale</Button>}
          />
        }
      />

      <RecordSaleDialog open={recording} onClose={() => setRecording(false)} />
      <SaleDetailsDialog sale={details} onClose={() => setDetails(undefined)} />
    </>
  )
}
