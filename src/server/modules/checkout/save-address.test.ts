import { describe, expect, it } from 'vitest'
import {
  cardOrderBody,
  checkoutForm,
  insertProduct,
  placeZelleOrder,
  postCheckout,
} from '../../test/factories'
import { registerCustomer, shopForFile } from '../../test/helpers'
import type { TestPaymentProvider } from '../payments/test-provider'

// "Save this address to my account" at checkout (issue 32): a signed-in shopper's order keeps its
// shipping address on the profile, so the next checkout starts from it.

const t = shopForFile()

const form = { ...checkoutForm, address: '88 Celadon Lane', city: 'Austin', state: 'TX', zipCode: '78701' }

/** A Zelle order for one new piece from this form; `price` is a stale one the cart still shows. */
async function orderNewPiece(fields: Record<string, unknown>, cookie?: string, price?: number) {
  const piece = await insertProduct(t.handle.db, { price: 20_000 })
  return placeZelleOrder(t.app, [{ id: piece.id, price: price ?? piece.price }], {
    fields: { ...form, ...fields },
    cookie,
  })
}

const profileOf = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/check-auth', headers: { cookie } })).json()

describe('saving the checkout address to the account', () => {
  it('keeps the address on the profile, and fills its name and phone only where it had none', async () => {
    const { cookie } = await registerCustomer(t.app, { email: 'mei.save@example.com', firstName: 'Mei' })
    const placed = await orderNewPiece({ saveAddress: true }, cookie)
    expect(placed.statusCode).toBe(200)
    expect(await profileOf(cookie)).toMatchObject({
      firstName: 'Mei',
      lastName: 'Chen',
      phone: '713-555-0101',
      address: '88 Celadon Lane',
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
      country: 'United States',
    })
  })

  it('replaces a saved address when asked, and leaves it alone when not', async () => {
    const { cookie } = await registerCustomer(t.app, { email: 'lin.save@example.com' })
    expect((await orderNewPiece({ saveAddress: true }, cookie)).statusCode).toBe(200)
    expect(
      (await orderNewPiece({ saveAddress: false, address: '1 Other Road', city: 'Dallas' }, cookie))
        .statusCode,
    ).toBe(200)
    expect(await profileOf(cookie)).toMatchObject({ address: '88 Celadon Lane', city: 'Austin' })
    expect(
      (await orderNewPiece({ saveAddress: true, address: '5 Moss Court', city: 'Plano' }, cookie)).statusCode,
    ).toBe(200)
    expect(await profileOf(cookie)).toMatchObject({ address: '5 Moss Court', city: 'Plano' })
  })

  it('keeps nothing from a refused order', async () => {
    const { cookie } = await registerCustomer(t.app, { email: 'refused.save@example.com' })
    const refused = await orderNewPiece({ saveAddress: true }, cookie, 1)
    expect(refused.statusCode).toBe(409)
    expect(await profileOf(cookie)).toMatchObject({ address: null, city: null })
  })

  it('places a guest’s order and saves nothing anywhere', async () => {
    expect((await orderNewPiece({ saveAddress: true })).statusCode).toBe(200)
  })

  it('saves it after a card payment too', async () => {
    const { cookie } = await registerCustomer(t.app, { email: 'card.save@example.com' })
    const piece = await insertProduct(t.handle.db, { price: 20_000 })
    const items = [{ productId: piece.id, quantity: 1, price: piece.price }]
    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: { cookie },
      payload: { amount: piece.price, currency: 'usd', form, items },
    })
    expect(intent.statusCode).toBe(200)
    const { paymentIntentId } = intent.json() as { paymentIntentId: string }
    await (t.app.paymentProvider as TestPaymentProvider).confirm(paymentIntentId, '4242424242424242')
    const placed = await postCheckout(
      t.app,
      cardOrderBody([piece], paymentIntentId, { fields: { ...form, saveAddress: true } }),
      { cookie },
    )
    expect(placed.statusCode).toBe(200)
    expect(await profileOf(cookie)).toMatchObject({ address: '88 Celadon Lane', city: 'Austin' })
  })
})
