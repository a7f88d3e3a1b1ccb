import { eq, type SQL, sql } from 'drizzle-orm'
import { z } from 'zod'
import { purchaseRefusal, refusalMessage } from '../../../shared/cart/purchase'
import { type PaymentMethod, REFUND_METHODS } from '../../../shared/orders/rules'
import {
  type MonthlySales,
  monthlySalesAnswer,
  type RefundLine,
  type Sale,
  type SaleInput,
  type SalePeriod,
  type SalesPage,
  type SalesQuery,
  type SalesSummary,
  saleAnswer,
} from '../../../shared/sales/schema'
import { TAX_MESSAGES, type TaxCalculation } from '../../../shared/tax/schema'
import type { Database, DbOrTx } from '../../db/client'
import { containsPattern, pageWindow, withCustomPlans } from '../../db/paging'
import { idRow, queryRows, sqlType } from '../../db/query-rows'
import { conflict, notFound } from '../../errors'
import { products } from '../catalog/schema'
import { saleRow, takeStock } from '../inventory/stock-rules'
import { quoteTax, readTaxSettings } from '../tax/service'
import { DONE_ORDER_REFUNDS, REFUND_LINES } from './refund-lines'

// The sales ledger: the rows, their totals by SQL aggregate, the months for the chart, and a sale
// recorded by hand, which sells the piece in the same transaction.

/** Where a period starts (back-office.md §9, DESIGN.md §4), in the shop's time zone, at `now`. */
function periodStart(period: SalePeriod, timeZone: string, now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`
  switch (period) {
    case 'today':
      return sql`(date_trunc('day', ${at} at time zone ${timeZone}) at time zone ${timeZone})`
    // Calendar arithmetic on the shop's wall clock, so a month or a week back lands on the same
    // local time across month ends and daylight-saving changes.
    case 'week':
      return sql`((${at} at time zone ${timeZone}) - interval '7 days') at time zone ${timeZone}`
    case 'month':
      return sql`((${at} at time zone ${timeZone}) - interval '1 month') at time zone ${timeZone}`
    case 'all':
      return sql`'-infinity'::timestamptz`
  }
}

// The ledger's row as SALE_COLUMNS reads it: the answer's, its date PostgreSQL's text.
const SaleRow = saleAnswer.extend({ saleDate: sqlType.timestamp })
const toSale = (row: z.input<typeof SaleRow>): Sale => ({
  ...row,
  saleDate: new Date(row.saleDate).toISOString(),
})

const SaleTotalsRow = z.object({
  total_sales: z.number(),
  total_profit: z.number(),
  transactions: z.number().int(),
})
const AmountCountRow = z.object({ amount: z.number(), count: z.number().int() })
const AmountRow = z.object({ amount: z.number() })
const RefundLineRow = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  refundDate: sqlType.timestamp,
  paymentMethod: z.enum(REFUND_METHODS),
  reason: z.string(),
  customerName: z.string().nullable(),
  customerEmail: z.string().nullable(),
  amount: z.number().int(),
})

const SALE_COLUMNS = sql`s.id, s.product_id as "productId", p.name as "productName", p.sku as "productSku",
  s.sale_price as "salePrice", s.cost, s.profit, s.payment_method as "paymentMethod",
  s.customer_name as "customerName", s.customer_email as "customerEmail", s.notes,
  s.sale_date as "saleDate", s.source, s.order_id as "orderId",
  -- A line's share of its order's sales tax (issue 34), money held for the state, not a sale.
  case when s.order_id is null then s.tax else coalesce((select round(o.tax::numeric * s.sale_price
    / nullif(o.subtotal - o.discount, 0))::int from orders o where o.id = s.order_id), 0) end as tax`

/**
 * The rows a search names: the piece (name or SKU) or the customer (name or e-mail), ignoring
 * case. The ledger of a small shop is short; no trigram index yet.
 */
function saleFilter(since: SQL, search: string | undefined): SQL {
  if (!search) return sql`s.sale_date >= ${since}`
  const pattern = containsPattern(search)
  return sql`s.sale_date >= ${since} and (p.name ilike ${pattern} or p.sku ilike ${pattern}
    or s.customer_name ilike ${pattern} or s.customer_email ilike ${pattern})`
}

/** The refund lines a period and a search name: by the order's customer or one of its pieces. */
function refundFilter(since: SQL, search: string | undefined): SQL {
  if (!search) return sql`l.amount > 0 and l.created_at >= ${since}`
  const pattern = containsPattern(search)
  return sql`l.amount > 0 and l.created_at >= ${since} and (l.customer_name ilike ${pattern}
    or l.customer_email ilike ${pattern} or exists (
      select from order_items i join products p on p.id = i.product_id
      where i.order_id = l.order_id and (p.name ilike ${pattern} or p.sku ilike ${pattern})))`
}

export interface LedgerClock {
  timeZone: string
  now?: Date
}

/** A page of the period's sales, newest first, and the four cards over the whole period. */
export async function listSales(db: Database, query: SalesQuery, clock: LedgerClock): Promise<SalesPage> {
  const since = periodStart(query.period, clock.timeZone, clock.now ?? new Date())
  const { limit, offset } = pageWindow(query)
  return withCustomPlans(db, async (tx) => {
    const rows = await queryRows(
      tx,
      SaleRow,
      sql`select ${SALE_COLUMNS} from sales s left join products p on p.id = s.product_id
          where ${saleFilter(since, query.search)}
          order by s.sale_date desc, s.id desc limit ${limit} offset ${offset}`,
    )
    const [totals] = await queryRows(
      tx,
      SaleTotalsRow,
      sql`select coalesce(sum(s.sale_price), 0)::bigint::float8 as total_sales,
            coalesce(sum(s.profit), 0)::bigint::float8 as total_profit, count(*)::int as transactions
          from sales s left join products p on p.id = s.product_id where ${saleFilter(since, query.search)}`,
    )
    const [refunds] = await queryRows(
      tx,
      AmountCountRow,
      sql`select coalesce(sum(amount), 0)::bigint::float8 as amount, count(*)::int as count
          from refunds where ${DONE_ORDER_REFUNDS} and completed_at >= ${since}`,
    )
    // Net of the money-only refunds of the period, as the CSV's refund lines are (refund-lines.ts).
    const [credited] = await queryRows(
      tx,
      AmountRow,
      sql`select coalesce(sum(l.amount), 0)::bigint::float8 as amount
          from ${REFUND_LINES} l where ${refundFilter(since, query.search)}`,
    )
    const totalSales = Number(totals!.total_sales) - Number(credited!.amount)
    const summary: SalesSummary = {
      totalSales,
      totalProfit: Number(totals!.total_profit) - Number(credited!.amount),
      transactions: totals!.transactions,
      averageTicket: totals!.transactions ? Math.round(totalSales / totals!.transactions) : 0,
      refunds: { amount: Number(refunds!.amount), count: refunds!.count },
    }
    return { items: rows.map(toSale), total: summary.transactions, summary }
  })
}

/** Every sale of the period (and search), for the CSV export (the ledger of a small shop fits in memory). */
export async function allSales(
  db: DbOrTx,
  period: SalePeriod,
  clock: LedgerClock,
  search?: string,
): Promise<Sale[]> {
  const since = periodStart(period, clock.timeZone, clock.now ?? new Date())
  const rows = await queryRows(
    db,
    SaleRow,
    sql`select ${SALE_COLUMNS} from sales s left join products p on p.id = s.product_id
        where ${saleFilter(since, search)} order by s.sale_date desc, s.id desc`,
  )
  return rows.map(toSale)
}

/** The period's refund lines (refund-lines.ts), newest first, for the CSV export beside the sales. */
export async function allRefundLines(
  db: DbOrTx,
  period: SalePeriod,
  clock: LedgerClock,
  search?: string,
): Promise<RefundLine[]> {
  const since = periodStart(period, clock.timeZone, clock.now ?? new Date())
  const rows = await queryRows(
    db,
    RefundLineRow,
    sql`select l.id, l.order_id as "orderId", l.created_at as "refundDate", l.method as "paymentMethod",
          l.reason, l.customer_name as "customerName", l.customer_email as "customerEmail", l.amount
        from ${REFUND_LINES} l where ${refundFilter(since, search)} order by l.created_at desc, l.id desc`,
  )
  return rows.map((row) => ({ ...row, refundDate: new Date(row.refundDate).toISOString() }))
}

/** Sales and profit per calendar month of the shop's time zone, the last `months` months. */
export async function monthlySales(db: DbOrTx, months: number, clock: LedgerClock): Promise<MonthlySales[]> {
  const at = sql`${(clock.now ?? new Date()).toISOString()}::timestamptz`
  // One index range per month (its bounds in the shop's time zone), not a time-zone conversion
  // of every sale row.
  return queryRows(
    db,
    monthlySalesAnswer,
    sql`with months as (
          select to_char(m, 'YYYY-MM') as month, m at time zone ${clock.timeZone} as start,
            (m + interval '1 month') at time zone ${clock.timeZone} as stop
          from generate_series(
            date_trunc('month', ${at} at time zone ${clock.timeZone}) - make_interval(months => ${months - 1}),
            date_trunc('month', ${at} at time zone ${clock.timeZone}), interval '1 month') as m
        )
        -- Net of the month's money-only refunds, as the cards and the CSV are (refund-lines.ts).
        select months.month, totals.sales - credited.amount as sales, totals.profit - credited.amount as profit
        from months, lateral (
          select coalesce(sum(sale_price), 0)::float8 as sales, coalesce(sum(profit), 0)::float8 as profit
          from sales where sale_date >= months.start and sale_date < months.stop
        ) totals, lateral (
          select coalesce(sum(l.amount), 0)::float8 as amount from ${REFUND_LINES} l
          where l.created_at >= months.start and l.created_at < months.stop
        ) credited
        order by months.month`,
  )
}

/**
 * A sale made outside the shop's checkout (at a fair, by phone): the piece is locked, must be
 * unsold and in stock, loses one unit — and is sold when that was its last — and the sale joins
 * the ledger, all in one transaction. The profit is computed here, whatever the client sent.
 */
export async function recordManualSale(
  db: Database,
  input: SaleInput,
  clock: { timeZone: string },
): Promise<Sale> {
  const tax = await inPersonTax(db, input, clock.timeZone)
  const id = await db.transaction(async (tx) => {
    const [piece] = await tx
      .select({ status: products.status, stock: products.stockQuantity, name: products.name })
      .from(products)
      .where(eq(products.id, input.productId))
      .for('update')
    if (!piece) throw notFound('Product not found')
    // The shop's one rule, in the owner's words: the reason a piece is not for sale, by name.
    const refusal = purchaseRefusal({ ...piece, stockQuantity: piece.stock }, 1)
    if (refusal) throw conflict(refusalMessage(refusal, piece), 'productId')
    await tx.execute(sql`
      update products set ${takeStock('1', 'true', sql`${input.salePrice}::int`)}
      where id = ${input.productId}`)
    const sale = saleRow({
      productId: sql`${input.productId}::int`,
      quantity: '1',
      price: sql`${input.salePrice}::int`,
      cost: sql`${input.cost ?? null}::int`,
      method: sql`${input.paymentMethod satisfies PaymentMethod}::text`,
      customerName: sql`${input.customerName}::text`,
      customerEmail: sql`${input.customerEmail}::text`,
      source: "'manual'",
      orderId: 'null::int',
      notes: sql`${input.notes}::text`,
    })
    const [row] = await queryRows(tx, idRow, sql`insert into sales ${sale} returning id`)
    await tx.execute(sql`update sales set tax = ${tax.tax}, tax_lines = ${JSON.stringify(tax.lines)}::jsonb,
        tax_note = ${tax.note ?? null}, tax_state = ${tax.state ?? null} where id = ${row!.id}`)
    return row!.id
  })
  const [sale] = await queryRows(
    db,
    SaleRow,
    sql`select ${SALE_COLUMNS} from sales s left join products p on p.id = s.product_id where s.id = ${id}`,
  )
  return toSale(sale!)
}

/**
 * The sales tax on an in-person sale (issue 34): at the shop's origin unless the owner names the
 * place of sale (a show) or marks it exempt with a reason; none while the shop does not collect.
 */
async function inPersonTax(
  db: DbOrTx,
  input: SaleInput,
  timeZone: string,
): Promise<TaxCalculation & { state?: string }> {
  const settings = await readTaxSettings(db)
  // Sold at the shop unless told otherwise: the report counts the sale in the shop's state.
  const home = settings.origin.state || undefined
  if (!settings.enabled) return { tax: 0, lines: [], note: TAX_MESSAGES.off, state: home }
  const place = input.tax ?? { at: 'origin' as const }
  if (place.at === 'exempt') return { tax: 0, lines: [], note: `Tax exempt: ${place.reason}`, state: home }
  const destination = place.at === 'address' ? place.address : settings.origin
  if (!destination.state) return { tax: 0, lines: [], note: TAX_MESSAGES.noOrigin }
  // At a show the place of sale is the origin too: Texas taxes a sale where it is made.
  const here = { ...settings, origin: { ...settings.origin, ...destination } }
  const quote = await quoteTax(db, {
    destination,
    goods: input.salePrice,
    shipping: 0,
    timeZone,
    settings: here,
  })
  return { ...quote, state: destination.state }
}
