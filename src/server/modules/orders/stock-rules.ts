import { type SQL, sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'

// The shop's rules for stock and the sales ledger, written once as SQL fragments. Checkout's single
// prepared statement (checkout/place-order.ts), the back office's order changes (ledger.ts) and a
// sale recorded by hand (sales/service.ts) all build their statements from these, so a piece is
// taken, reserved, sold and given back, and a sale booked, by the same words everywhere.
//
// A fragment's inputs are SQL expressions: a column of the statement it goes into ('line.quantity'),
// a placeholder of a prepared statement ('$27'), or a drizzle `sql` value carrying a parameter.

export type Expr = SQL | string

const expr = (value: Expr): SQL => (typeof value === 'string' ? sql.raw(value) : value)

/**
 * The SET list of `update products` that takes `quantity` units of the piece being updated. Its
 * last unit reserves the piece for an order awaiting payment, or sells it at `soldPrice` when the
 * money is in (`paid`).
 */
export function takeStock(quantity: Expr, paid: Expr, soldPrice: Expr): SQL {
  const lastUnit = sql`products.stock_quantity = ${expr(quantity)}`
  const sells = sql`${lastUnit} and ${expr(paid)}`
  return sql`stock_quantity = products.stock_quantity - ${expr(quantity)},
    status = case when ${lastUnit} then (case when ${expr(paid)} then 'sold' else 'reserved' end)
      else products.status end,
    sold_at = case when ${sells} then now() else products.sold_at end,
    sold_price = case when ${sells} then ${expr(soldPrice)} else products.sold_price end,
    updated_at = now()`
}

/** The condition under which `takeStock` may run: the piece is for sale and has the units. */
export function canTakeStock(piece: { status: Expr; stock: Expr }, quantity: Expr): SQL {
  return sql`${expr(piece.status)} = 'available' and ${expr(piece.stock)} >= ${expr(quantity)}`
}

/**
 * The SET list and condition that sell a piece an order reserved, once that order is paid in full:
 * `update products set ${SELL_RESERVED.set(price)} ... where ... and ${SELL_RESERVED.when}`.
 */
export const SELL_RESERVED = {
  set: (soldPrice: Expr): SQL =>
    sql`status = 'sold', sold_at = now(), sold_price = ${expr(soldPrice)}, updated_at = now()`,
  when: sql`products.status = 'reserved' and products.stock_quantity = 0`,
}

/**
 * The SET list that gives `quantity` units back: a piece that was reserved or sold has a unit to
 * sell again, so it is available (and no longer carries a sale's date and price).
 */
export function returnStock(quantity: Expr): SQL {
  const held = sql`products.status in ('reserved', 'sold')`
  return sql`stock_quantity = products.stock_quantity + ${expr(quantity)},
    status = case when ${held} then 'available' else products.status end,
    sold_at = case when ${held} then null else products.sold_at end,
    sold_price = case when ${held} then null else products.sold_price end,
    updated_at = now()`
}

export interface SaleLine {
  productId: Expr
  quantity: Expr
  /** The unit price the piece sold at. */
  price: Expr
  /** The unit cost as it is now; the sale keeps it, so a later edit of the cost changes no profit. */
  cost: Expr
  method: Expr
  customerName: Expr
  customerEmail: Expr
  source: Expr
  orderId: Expr
  notes?: Expr
}

/**
 * `insert into sales ${saleRow(...)} from ...`: the columns and the select list of one sale row.
 * Profit is price less cost, unknown when the cost is.
 */
export function saleRow(line: SaleLine): SQL {
  const { quantity, price, cost } = {
    quantity: expr(line.quantity),
    price: expr(line.price),
    cost: expr(line.cost),
  }
  return sql`(product_id, sale_price, cost, profit, payment_method, customer_name, customer_email, source,
      order_id, notes)
    select ${expr(line.productId)}, ${price} * ${quantity}, ${cost} * ${quantity}, (${price} - ${cost}) * ${quantity},
      ${expr(line.method)}, ${expr(line.customerName)}, ${expr(line.customerEmail)}, ${expr(line.source)},
      ${expr(line.orderId)}, ${line.notes === undefined ? sql`null` : expr(line.notes)}`
}

const dialect = new PgDialect()

/**
 * The text of a fragment built only from raw SQL, for a hand-written prepared statement. A
 * fragment carrying a parameter cannot be inlined this way, and says so at start-up.
 */
export function sqlText(fragment: SQL): string {
  const query = dialect.sqlToQuery(fragment)
  if (query.params.length > 0) throw new Error('sqlText: the fragment carries parameters')
  return query.sql
}
