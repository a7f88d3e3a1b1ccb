import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { formatCents } from '../../../shared/money'
import type { MonthlySales } from '../../../shared/sales/schema'
import { formatMonth } from '../../../shared/shop-dates/calendar'

const compactDollars = (cents: number) =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    notation: 'compact',
    maximumFractionDigits: 1,
  }).format(cents / 100)

/** Sales and profit per month, the last twelve: the shape of the year at a glance. */
export default function SalesChart({ months }: { months: MonthlySales[] }) {
  return (
    <figure className="rounded-lg border border-ink/10 bg-white/70 p-4">
      <figcaption className="mb-3 text-sm font-medium text-ink">Sales and profit by month</figcaption>
      <div className="h-56 text-xs">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={months} margin={{ top: 4, right: 4, bottom: 0, left: 4 }} barGap={2}>
            <CartesianGrid vertical={false} stroke="var(--color-ink)" strokeOpacity={0.08} />
            <XAxis
              dataKey="month"
              tickFormatter={formatMonth}
              tickLine={false}
              axisLine={false}
              stroke="var(--color-ink-muted)"
            />
            <YAxis
              tickFormatter={compactDollars}
              tickLine={false}
              axisLine={false}
              width={52}
              stroke="var(--color-ink-muted)"
            />
            <Tooltip
              formatter={(value) => formatCents(Number(value))}
              labelFormatter={(label) => formatMonth(String(label))}
              cursor={{ fill: 'var(--color-jade-50)' }}
            />
            <Legend iconType="circle" iconSize={8} />
            <Bar
              isAnimationActive={false}
              dataKey="sales"
              name="Sales"
              fill="var(--color-jade-700)"
              radius={[3, 3, 0, 0]}
            />
            <Bar
              isAnimationActive={false}
              dataKey="profit"
              name="Profit"
              fill="var(--color-jade-300)"
              radius={[3, 3, 0, 0]}
            />
          </BarChart>
        </ResponsiveContainer>
      </div>
      {/* The same figures as text, for screen readers. */}
      <table className="sr-only">
        <caption>Sales and profit by month</caption>
        <thead>
          <tr>
            <th>Month</th>
            <th>Sales</th>
            <th>Profit</th>
          </tr>
        </thead>
        <tbody>
          {months.map((month) => (
            <tr key={month.month}>
              <td>{formatMonth(month.month)}</td>
              <td>{formatCents(month.sales)}</td>
              <td>{month.profit === undefined ? '—' : formatCents(month.profit)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  )
}
