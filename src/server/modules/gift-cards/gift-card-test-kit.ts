import { eq } from 'drizzle-orm'
import { insertProduct, type OrderPiece } from '../../test/factories'
import { cookieHeader, type TestApp } from '../../test/helpers'
import { giftCards } from './schema'

// What the gift-card tests through HTTP each needed: pieces to buy, cards issued by the owner, a
// cart with cards applied, refunds, and a fresh client address per checkout. `shop` is read at each
// call, so a test file can make the kit before its beforeAll has opened the app.

export interface IssuedCard {
  id: number
  code: string
  last4: string
}

export function giftCardTestKit(shop: () => { t: TestApp; owner: string }, addressPrefix: string) {
  let address = 0
  /** Each checkout from its own address, so the unpaid-order limits per connection stay out of it. */
  const nextAddress = () => `${addressPrefix}.${Math.floor(address / 250)}.${(address++ % 250) + 1}`

  /** A piece of at least $150: its order ships free, so the total is its price. */
  async function piece(price = 20_000): Promise<OrderPiece> {
    const row = await insertProduct(shop().t.handle.db, { price })
    return { id: row.id, price: row.price }
  }

  /** A card of `amount` issued by the owner (to `recipientEmail`, if given). */
  async function issueCard(amount: number, fields: { reason?: string; recipientEmail?: string } = {}) {
    const { t, owner } = shop()
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/gift-cards',
      payload: { amount, reason: 'Paying at checkout', ...fields },
      headers: { cookie: owner },
    })
    if (response.statusCode !== 201) throw new Error(response.body)
    return response.json() as IssuedCard
  }

  const balanceOf = async (card: { id: number }) =>
    (await shop().t.handle.db.select().from(giftCards).where(eq(giftCards.id, card.id)))[0]!.balance

  /** A cart holding `ring`, in the session of `cookie` (a new guest session without it); its cookie. */
  async function cartWith(ring: OrderPiece, cookie?: string): Promise<string> {
    const response = await shop().t.app.inject({
      method: 'POST',
      url: '/api/cart',
      payload: { productId: ring.id, quantity: 1 },
      headers: cookie ? { cookie } : {},
    })
    if (response.statusCode !== 200) throw new Error(response.body)
    return cookie ?? cookieHeader(response)
  }

  /** Apply a card to the cart of `cookie`: by its code, or by a body such as `{ cardId }`. */
  const apply = (cookie: string, card: string | object, remoteAddress = nextAddress()) =>
    shop().t.app.inject({
      method: 'POST',
      url: '/api/cart/gift-card',
      payload: typeof card === 'string' ? { code: card } : card,
      headers: { cookie },
      remoteAddress,
    })

  /** The owner refunds `payload` of order `orderId`. */
  const refund = (orderId: number, payload: object) => {
    const { t, owner } = shop()
    return t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/refunds`,
      payload,
      headers: { cookie: owner },
    })
  }

  return { nextAddress, piece, issueCard, balanceOf, cartWith, apply, refund }
}
