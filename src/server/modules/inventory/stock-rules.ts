import { type SQL, sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { PURCHASABLE_STATUS, type PurchaseRefusal } from '../../../shared/cart/purchase'

// The shop's rules for stock and the sales ledger, written once as SQL fragments. Checkout's single
// prepared statement (checkout/place-order.ts), the back office's order changes (ledger/ledger.ts), a
// sale recorded by hand (sales/service.ts), Mark as Sold and the product form
// (catalog/admin-service.ts) all build their statements from these, so a piece is taken, reserved,
// sold and given back, and a sale booked, by the same words everywhere. Whether a piece can be
// bought, and the words for why not, live in shared/cart/purchase.ts; canTakeStock is its SQL twin.
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

/**
 * The condition under which `takeStock` may run: the piece is for sale and has the units. The SQL
 * twin of purchaseRefusal() (shared/cart/purchase.ts) being undefined; stock-rules.test.ts holds them
 * together.
 */
export function canTakeStock(piece: { status: Expr; stock: Expr }, quantity: Expr): SQL {
  return sql`${expr(piece.status)} = ${sql.raw(`'${PURCHASABLE_STATUS}'`)} and ${expr(piece.stock)} >= ${expr(quantity)}`
}

/**
 * Mark as Sold: every unit left is sold at `soldPrice`, outside any order and without a sale row
 * (back-office.md §2). The same step as checkout's takeStock when an order takes the last units
 * and is paid.
 */
export const sellRemaining = (soldPrice: Expr): SQL => takeStock('products.stock_quantity', 'true', soldPrice)

/**
 * Units of the piece in orders awaiting payment: taken from its stock, not yet paid for. Paying
 * sells them (SELL_RESERVED), cancelling gives them back (returnStock); until then only the order
 * decides their fate.
 */
export function heldUnits(productId: Expr): SQL {
  return sql`(select coalesce(sum(i.quantity), 0)::int from order_items i join orders o on o.id = i.order_id
    where i.product_id = ${expr(productId)} and o.status <> 'cancelled' and o.payment_status in ('unpaid', 'partial'))`
}

export interface PieceStock {
  status: string
  stockQuantity: number
}

/**
 * Whether the owner may set a piece's status and stock by hand (Mark as Sold, the product form),
 * given the units orders awaiting payment hold. While an order holds units, the order decides:
 * the status stays (a reserved piece made available would be sold twice; one marked sold would
 * come back when the order is cancelled), and a reserved piece's stock stays 0 (another unit would
 * keep the paid order from selling it). An available piece with units held may still be restocked.
 */
export function ownerChangeRefusal(
  current: PieceStock,
  next: PieceStock,
  held: number,
): PurchaseRefusal | undefined {
  if (held <= 0) return undefined
  if (next.status !== current.status) return 'reserved'
  if (current.status === 'reserved' && next.stockQuantity !== current.stockQuantity) return 'reserved'
  return undefined
}

/**
 * The SET list of the owner's status and stock (the product form), once ownerChangeRefusal()
 * allowed it. A piece set sold has nothing left, as after sellRemaining (its price by default);
 * one set to anything else loses the sale's date and price, as after returnStock.
 */
export function ownerSetsStock(status: Expr, stock: Expr): SQL {
  const sold = sql`${expr(status)} = 'sold'`
  return sql`status = ${expr(status)},
    stock_quantity = case when ${sold} then 0 else ${expr(stock)} end,
    sold_at = case when ${sold} then coalesce(products.sold_at, now()) end,
    sold_price = case when ${sold} then coalesce(products.sold_price, products.price) end,
    updated_at = now()`
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
  /** The line's share of its order's discount code, in cents: the sale is booked net of it. */
  discount?: Expr
}

/**
 * `insert into sales ${saleRow(...)} from ...`: the columns and the select list of one sale row.
 * Profit is price less cost (less the line's discount), unknown when the cost is.
 */
export function saleRow(line: SaleLine): SQL {
  const { quantity, price, cost } = {
    quantity: expr(line.quantity),
    price: expr(line.price),
    cost: expr(line.cost),
  }
  const discount = line.discount === undefined ? sql`` : sql` - ${expr(line.discount)}`
  return sql`(product_id, sale_price, cost, profit, payment_method, customer_name, customer_email, source,
      order_id, notes)
    select ${expr(line.productId)}, ${price} * ${quantity}${discount}, ${cost} * ${quantity},
      (${price} - ${cost}) * ${quantity}${discount},
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
