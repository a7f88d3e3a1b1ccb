import { queryOptions, useQuery } from '@tanstack/react-query'
import { Download } from 'lucide-react'
import { Navigate, Route, Routes, useSearchParams } from 'react-router'
import { formatCents } from '../../../shared/money'
import { addDays, addMonths } from '../../../shared/shop-dates/calendar'
import { dayIn } from '../../../shared/shop-dates/wall-time'
import { taxAdminContract as contract } from '../../../shared/tax/admin-contract'
import type { StateFigures } from '../../../shared/tax/report'
import { formatRate, stateName } from '../../../shared/tax/schema'
import { call } from '../../lib/api'
import { useShopTimeZone } from '../../lib/shop-time-zone'
import { useFailureToast } from '../../lib/use-failure-toast'
import { Button } from '../../ui/button'
import { FormField } from '../../ui/form-field'
import { Input } from '../../ui/input'
import { Skeleton } from '../../ui/skeleton'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../ui/table'
import { AdminNotFound } from '../admin-not-found'
import { PageHeader } from '../page-header'

const REPORT = contract.report.path

export const salesTaxReportQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: [REPORT, { from, to }],
    queryFn: () => call(contract.report, { query: { from, to } }),
  })

/**
 * The periods a Texas seller files for: a month or a quarter, this one or the last, on the shop's
 * calendar (the report counts the shop's days), whatever zone the owner's device is in.
 */
function periods(timeZone: string | undefined) {
  const today = dayIn(timeZone)
  const month = `${today.slice(0, 7)}-01`
  const quarter = addMonths(month, -((Number(today.slice(5, 7)) - 1) % 3))
  return [
    { label: 'This month', from: month, to: today },
    { label: 'Last month', from: addMonths(month, -1), to: addDays(month, -1) },
    { label: 'This quarter', from: quarter, to: today },
    { label: 'Last quarter', from: addMonths(quarter, -3), to: addDays(quarter, -1) },
  ]
}

/** The back office's reports: for now, the sales-tax report (issue 34). */
export function ReportsPage() {
  return (
    <Routes>
      <Route index element={<Navigate to="sales-tax" replace />} />
      <Route path="sales-tax" element={<SalesTaxReportPage />} />
      <Route path="*" element={<AdminNotFound />} />
    </Routes>
  )
}

function SalesTaxReportPage() {
  const [params, setParams] = useSearchParams()
  const shown = periods(useShopTimeZone())
  const [thisMonth, , thisQuarter] = shown
  const from = params.get('from') ?? thisQuarter!.from
  const to = params.get('to') ?? thisMonth!.to
  const report = useQuery(salesTaxReportQuery(from, to))
  useFailureToast('Failed to load the sales-tax report', report.error)
  const choose = (next: { from: string; to: string }) => setParams(next, { replace: true })
  const texas = report.data?.states.find((state) => state.state === 'TX')

  return (
    <>
      <PageHeader
        title="Sales tax report"
        description="By state and jurisdiction: what was sold, what was taxable, the tax collected and given back."
      />
      <div className="flex flex-wrap items-end gap-3">
        <FormField label="From" htmlFor="report-from">
          <Input
            type="date"
            value={from}
            max={to}
            onChange={(event) => choose({ from: event.target.value, to })}
          />
        </FormField>
        <FormField label="To" htmlFor="report-to">
          <Input
            type="date"
            value={to}
            min={from}
            onChange={(event) => choose({ from, to: event.target.value })}
          />
        </FormField>
        <div className="flex flex-wrap gap-2">
          {shown.map((period) => (
            <Button
              key={period.label}
              variant={period.from === from && period.to === to ? 'primary' : 'secondary'}
              size="sm"
              onClick={() => choose(period)}
            >
              {period.label}
            </Button>
          ))}
        </div>
        <Button asChild variant="ghost" size="sm" className="ml-auto">
          <a href={`${contract.reportCsv.path}?${new URLSearchParams({ from, to })}`} download>
            <Download className="size-4" aria-hidden /> Export CSV
          </a>
        </Button>
      </div>

      <div className="mt-8 space-y-10">
        {report.isPending ? (
          <Skeleton className="h-48 w-full" />
        ) : !report.data || report.data.states.length === 0 ? (
          <p className="rounded-sm bg-sand px-4 py-6 text-center text-sm text-ink-muted">
            No sales in this period.
          </p>
        ) : (
          <>
            {texas && <TexasReturn texas={texas} />}
            <StatesTable states={report.data.states} />
          </>
        )}
      </div>
    </>
  )
}

/** The figures the Texas sales and use tax return asks for (Form 01-114). */
function TexasReturn({ texas }: { texas: StateFigures }) {
  return (
    <section
      aria-labelledby="texas-return-title"
      className="rounded-sm border border-jade-700/25 bg-ivory p-5"
    >
      <h2 id="texas-return-title" className="font-display text-2xl text-ink">
        For the Texas return
      </h2>
      <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4">
        <Figure label="Total Texas sales" cents={texas.grossSales} />
        <Figure label="Taxable sales" cents={texas.taxableSales} />
        <Figure label="Exempt sales" cents={texas.exemptSales} />
        <Figure label="Tax due" cents={texas.netTax} strong />
      </dl>
      <ul className="mt-5 divide-y divide-ink/10 border-y border-ink/10 text-sm sm:hidden">
        {texas.jurisdictions.map((entry) => (
          <li key={`${entry.type}-${entry.jurisdiction}`} className="flex justify-between gap-3 py-2">
            <span className="min-w-0">
              {entry.jurisdiction}
              <span className="block text-xs text-ink-muted">
                {formatRate(entry.rate)} of {formatCents(entry.taxableSales)}
              </span>
            </span>
            <span className="tabular-nums">{formatCents(entry.netTax)}</span>
          </li>
        ))}
      </ul>
      <Table containerClassName="mt-5 hidden sm:block" className="text-sm">
        <TableHeader>
          <TableRow>
            <TableHead>Jurisdiction</TableHead>
            <TableHead className="text-right">Rate</TableHead>
            <TableHead className="text-right">Taxable</TableHead>
            <TableHead className="text-right">Tax due</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {texas.jurisdictions.map((entry) => (
            <TableRow key={`${entry.type}-${entry.jurisdiction}`}>
              <TableCell>{entry.jurisdiction}</TableCell>
              <TableCell className="text-right tabular-nums">{formatRate(entry.rate)}</TableCell>
              <TableCell className="text-right tabular-nums">{formatCents(entry.taxableSales)}</TableCell>
              <TableCell className="text-right tabular-nums">{formatCents(entry.netTax)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  )
}

function Figure({ label, cents, strong = false }: { label: string; cents: number; strong?: boolean }) {
  return (
    <div>
      <dt className="text-xs uppercase tracking-wide text-ink-muted">{label}</dt>
      <dd className={strong ? 'font-display text-2xl text-jade-800 tabular-nums' : 'text-lg tabular-nums'}>
        {formatCents(cents)}
      </dd>
    </div>
  )
}

const STATE_FIGURES = [
  ['grossSales', 'Gross sales'],
  ['taxableSales', 'Taxable'],
  ['exemptSales', 'Exempt'],
  ['taxCollected', 'Collected'],
  ['taxRefunded', 'Refunded'],
  ['netTax', 'Net tax'],
] as const

/** A table on a wide screen; on a phone, a card per state with the same six figures. */
function StatesTable({ states }: { states: StateFigures[] }) {
  return (
    <section aria-labelledby="states-title">
      <h2 id="states-title" className="font-display text-2xl text-ink">
        By state
      </h2>
      <ul className="mt-4 space-y-3 sm:hidden">
        {states.map((state) => (
          <li key={state.state} className="rounded-sm border border-ink/15 p-4">
            <h3 className="font-medium text-ink">{stateName(state.state)}</h3>
            <dl className="mt-2 space-y-1 text-sm">
              {STATE_FIGURES.map(([key, label]) => (
                <div key={key} className="flex justify-between gap-2">
                  <dt className="text-ink-muted">{label}</dt>
                  <dd className="tabular-nums">{formatCents(state[key])}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <Table containerClassName="mt-4 hidden sm:block" className="text-sm">
        <TableHeader>
          <TableRow>
            <TableHead>State</TableHead>
            {STATE_FIGURES.map(([key, label]) => (
              <TableHead key={key} className="text-right">
                {label}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {states.map((state) => (
            <TableRow key={state.state}>
              <TableCell className="whitespace-nowrap">{stateName(state.state)}</TableCell>
              {STATE_FIGURES.map(([key]) => (
                <TableCell key={key} className="text-right tabular-nums">
                  {formatCents(state[key])}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  )
}
