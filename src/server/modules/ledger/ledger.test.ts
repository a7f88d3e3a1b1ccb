import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  adminCookie,
  checkoutForm,
  insertProduct,
  placeCardOrder,
  placeZelleOrder,
} from '../../test/factories'
import { shopForFile } from '../../test/helpers'
import { products } from '../catalog/schema'
import { sales } from './schema'

// Checkout's one statement applies the ledger's rules at the moment of purchase; the back office
// applies them later through ledger.ts. A piece bought by card and the same piece ordered by Zelle
// and then paid in full must end in the same state, with the same sale in the ledger.

const t = shopForFile()
let admin: string
beforeAll(async () => {
  admin = await adminCookie(t.app, t.handle.db)
})

// The buyer both sales name.
const form = { ...checkoutForm, firstName: 'Iris', lastName: 'Tan', email: 'iris@example.com' }

async function outcome(productId: number, orderId: number) {
  const [piece] = await t.handle.db.select().from(products).where(eq(products.id, productId))
  const [sale] = await t.handle.db.select().from(sales).where(eq(sales.orderId, orderId))
  return {
    product: {
      status: piece!.status,
      stock: piece!.stockQuantity,
      soldPrice: piece!.soldPrice,
      sold: !!piece!.soldAt,
    },
    sale: sale && {
      salePrice: sale.salePrice,
      cost: sale.cost,
      profit: sale.profit,
      source: sale.source,
      customerName: sale.customerName,
      customerEmail: sale.customerEmail,
    },
  }
}

describe('checkout and the ledger agree', () => {
  it('a card purchase and a Zelle order paid in full leave the same piece state and the same sale', async () => {
    const fields = { price: 40_000, cost: 15_000 }
    const carded = await insertProduct(t.handle.db, fields)
    const zelled = await insertProduct(t.handle.db, fields)

    const card = await placeCardOrder(t.app, carded, form)
    expect(card.statusCode).toBe(200)

    const zelle = await placeZelleOrder(t.app, [zelled], { fields: form })
    const zelleId = (zelle.json() as { id: number }).id
    const paid = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${zelleId}/payment`,
      payload: { paymentStatus: 'paid' },
      headers: { cookie: admin },
    })
    expect(paid.statusCode).toBe(200)

    const byCard = await outcome(carded.id, (card.json() as { id: number }).id)
    const byZelle = await outcome(zelled.id, zelleId)
    expect(byCard.product).toEqual({ status: 'sold', stock: 0, soldPrice: 40_000, sold: true })
    expect(byZelle.product).toEqual(byCard.product)
    expect(byCard.sale).toEqual({
      salePrice: 40_000,
      cost: 15_000,
      profit: 25_000,
      source: 'order',
      customerName: 'Iris Tan',
      customerEmail: 'iris@example.com',
    })
    expect(byZelle.sale).toEqual(byCard.sale)
  })
})
