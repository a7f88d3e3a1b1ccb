import { useQuery } from '@tanstack/react-query'
import { Landmark } from 'lucide-react'
import { Link } from 'react-router'
import { formatCents } from '../../../shared/money'
import { stateName } from '../../../shared/tax/schema'
import { Button } from '../../ui/button'
import { taxWatchQuery } from './api'

/** Sales tax the owner should act on (issue 34): stale tables, flagged orders, nearing nexus. */
export function TaxWatch() {
  const { data } = useQuery(taxWatchQuery())
  if (!data) return null
  const notes = [
    ...data.staleTables.map((table) => ({
      key: `table-${table.state}`,
      text:
        table.effectiveFrom === null
          ? `${stateName(table.state)} has no rate table in force: its orders are taxed at the state rate and flagged.`
          : `The ${stateName(table.state)} rate table is ${table.days} days old (from ${table.effectiveFrom}): upload the current one.`,
      action: { to: '/admin/settings/tax', label: 'Rate tables' },
    })),
    ...(data.fallbackOrders.count > 0
      ? [
          {
            key: 'fallback',
            text: `${data.fallbackOrders.count} order${data.fallbackOrders.count === 1 ? '' : 's'} of the last 30 days had a ZIP missing from its rate table: the state rate stood in. Check the tax.`,
            action: {
              to: `/admin/orders?search=${encodeURIComponent(`#${data.fallbackOrders.orderId}`)}`,
              label: `Open order #${data.fallbackOrders.orderId}`,
            },
          },
        ]
      : []),
    ...data.nexus.map((state) => ({
      key: `nexus-${state.state}`,
      text: `${stateName(state.state)}: ${formatCents(state.sales)} of sales in 12 months (${state.orders} orders), ${Math.floor(state.share * 100)}% of its ${formatCents(state.threshold)} threshold. You may have to register and collect there.`,
      action: { to: '/admin/reports/sales-tax', label: 'Sales tax report' },
    })),
  ]
  if (notes.length === 0) return null
  return (
    <aside aria-labelledby="tax-watch-title" className="mb-10 border border-gold/60 bg-sand/40 p-5">
      <h2 id="tax-watch-title" className="flex items-center gap-2 font-display text-xl text-ink">
        <Landmark className="size-5 text-jade-700" aria-hidden /> Sales tax
      </h2>
      <ul className="mt-3 space-y-3">
        {notes.map((note) => (
          <li key={note.key} className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
            <p className="max-w-prose text-sm text-ink">{note.text}</p>
            <Button asChild variant="secondary" size="sm" className="sm:shrink-0">
              <Link to={note.action.to}>{note.action.label}</Link>
            </Button>
          </li>
        ))}
      </ul>
    </aside>
  )
}
