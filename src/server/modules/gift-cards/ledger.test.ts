import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { adminCookie } from '../../test/factories'
import { shopForFile } from '../../test/helpers'
import { hashCode } from './codes'
import { giftCardTestKit } from './gift-card-test-kit'
import { creditGiftCard, debitGiftCard } from './ledger'
import { giftCards, giftCardTransactions } from './schema'

// The service checkout and refunds will call inside their own transactions (issue 36): a debit is
// one conditional UPDATE, so parallel spends of one card take exactly what it holds.

const t = shopForFile()
let owner: string
beforeAll(async () => {
  owner = await adminCookie(t.app, t.handle.db)
})

const { issueCard } = giftCardTestKit(() => ({ t, owner }), '10.38')
const card = (amount: number) => issueCard(amount, { reason: 'Ledger test' })

const balanceOf = async (id: number) =>
  (await t.handle.db.select().from(giftCards).where(eq(giftCards.id, id)))[0]!.balance

const historyOf = (id: number) =>
  t.handle.db.select().from(giftCardTransactions).where(eq(giftCardTransactions.giftCardId, id))

describe('debitGiftCard', () => {
  it('takes the amount to the cent by id or by code, and writes the debit with its order', async () => {
    const { id, code, last4 } = await card(10_001)
    const byId = await t.handle.db.transaction((tx) =>
      debitGiftCard(tx, { cardId: id, amount: 3_333, orderId: 1001 }),
    )
    expect(byId).toEqual({ ok: true, cardId: id, last4, balanceAfter: 6_668 })
    const byCode = await t.handle.db.transaction((tx) =>
      debitGiftCard(tx, { codeHash: hashCode(code.toLowerCase()), amount: 6_668, orderId: 1002 }),
    )
    expect(byCode).toMatchObject({ ok: true, balanceAfter: 0 })
    const lines = (await historyOf(id)).filter((line) => line.kind === 'debit')
    expect(lines.map((line) => [line.amount, line.balanceAfter, line.orderId])).toEqual([
      [-3_333, 6_668, 1001],
      [-6_668, 0, 1002],
    ])
  })

  it('refuses, writing nothing, more than the balance, a disabled or expired card, an unknown code', async () => {
    const { id } = await card(500)
    const debit = (amount: number) =>
      t.handle.db.transaction((tx) => debitGiftCard(tx, { cardId: id, amount, orderId: null }))
    expect(await debit(501)).toMatchObject({ ok: false, reason: 'insufficient', balance: 500 })
    await t.handle.db.update(giftCards).set({ active: false }).where(eq(giftCards.id, id))
    expect(await debit(1)).toMatchObject({ ok: false, reason: 'disabled' })
    await t.handle.db
      .update(giftCards)
      .set({ active: true, expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(giftCards.id, id))
    expect(await debit(1)).toMatchObject({ ok: false, reason: 'expired' })
    expect(await balanceOf(id)).toBe(500)
    expect((await historyOf(id)).map((line) => line.kind)).toEqual(['issue'])
    const unknown = await t.handle.db.transaction((tx) =>
      debitGiftCard(tx, { codeHash: hashCode('ABCD-EFGH-JKMN-PQRS'), amount: 1, orderId: null }),
    )
    expect(unknown).toEqual({ ok: false, reason: 'not-found' })
  })

  it('is undone with the transaction of the caller (checkout failing after the debit)', async () => {
    const { id } = await card(900)
    await expect(
      t.handle.db.transaction(async (tx) => {
        await debitGiftCard(tx, { cardId: id, amount: 900, orderId: null })
        throw new Error('the piece was sold meanwhile')
      }),
    ).rejects.toThrow('sold')
    expect(await balanceOf(id)).toBe(900)
    expect(await historyOf(id)).toHaveLength(1)
  })
})

describe('creditGiftCard', () => {
  it('restores a refunded amount and enables the card again', async () => {
    const { id } = await card(2_000)
    await t.handle.db.transaction((tx) => debitGiftCard(tx, { cardId: id, amount: 2_000, orderId: 1003 }))
    await t.handle.db.update(giftCards).set({ active: false }).where(eq(giftCards.id, id))
    const credited = await t.handle.db.transaction((tx) =>
      creditGiftCard(tx, { cardId: id, amount: 1_250, orderId: 1003, reason: 'Returned earrings' }),
    )
    expect(credited).toEqual({ balanceAfter: 1_250 })
    const [row] = await t.handle.db.select().from(giftCards).where(eq(giftCards.id, id))
    expect(row).toMatchObject({ balance: 1_250, active: true })
    expect((await historyOf(id)).at(-1)).toMatchObject({
      kind: 'refund',
      amount: 1_250,
      balanceAfter: 1_250,
      orderId: 1003,
      reason: 'Returned earrings',
    })
    expect(
      await t.handle.db.transaction((tx) =>
        creditGiftCard(tx, { cardId: 999_999, amount: 1, orderId: null }),
      ),
    ).toBeUndefined()
  })
})

describe.runIf(process.env.TEST_DB_DRIVER === 'postgres')(
  'ten parallel debits of one card (PostgreSQL)',
  () => {
    it('take exactly its balance: five of $10.00 from $50.00, the other five refused', async () => {
      const { id } = await card(5_000)
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, n) =>
          t.handle.db.transaction((tx) =>
            debitGiftCard(tx, { cardId: id, amount: 1_000, orderId: 2000 + n }),
          ),
        ),
      )
      expect(results.filter((result) => result.ok)).toHaveLength(5)
      expect(results.filter((result) => !result.ok && result.reason === 'insufficient')).toHaveLength(5)
      expect(await balanceOf(id)).toBe(0)
      const debits = (await historyOf(id)).filter((line) => line.kind === 'debit')
      expect(debits).toHaveLength(5)
      expect(debits.reduce((sum, line) => sum + line.amount, 0)).toBe(-5_000)
      expect(debits.map((line) => line.balanceAfter).sort((a, b) => a - b)).toEqual([
        0, 1_000, 2_000, 3_000, 4_000,
      ])
    })

    it('of uneven amounts never overdraw: what is taken is at most the balance', async () => {
      const { id } = await card(10_000)
      const amounts = [3_000, 2_500, 4_000, 1_500, 3_500, 2_000, 1_000, 4_500, 500, 2_500]
      const results = await Promise.all(
        amounts.map((amount, n) =>
          t.handle.db.transaction((tx) => debitGiftCard(tx, { cardId: id, amount, orderId: 3000 + n })),
        ),
      )
      const taken = amounts.filter((_, n) => results[n]!.ok).reduce((sum, amount) => sum + amount, 0)
      expect(taken).toBeLessThanOrEqual(10_000)
      expect(await balanceOf(id)).toBe(10_000 - taken)
    })
  },
)
