import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CODE_TRIES } from '../../../shared/discounts/schema'
import {
  belowZeroMessage,
  CODE_ALPHABET,
  EXPIRY_TOO_SOON_MESSAGE,
  GIFT_CARD_MESSAGES,
} from '../../../shared/gift-cards/rules'
import { adminCookie, staffCookie } from '../../test/factories'
import { createTestApp, registerCustomer, type TestApp } from '../../test/helpers'
import { emailOutbox } from '../mail/schema'
import { giftCards } from './schema'

// The back office's gift cards and the storefront's balance look-up (issue 36), through HTTP.

let t: TestApp
let owner: string
beforeAll(async () => {
  t = await createTestApp()
  owner = await adminCookie(t.app, t.handle.db)
})
afterAll(() => t.close())

const YEAR = 365.25 * 24 * 3_600_000
const CODE = new RegExp(`^([${CODE_ALPHABET}]{4}-){3}[${CODE_ALPHABET}]{4}$`)

const issue = (payload: object, cookie = owner) =>
  t.app.inject({ method: 'POST', url: '/api/admin/gift-cards', payload, headers: { cookie } })

async function issued(payload: object = {}) {
  const response = await issue({ amount: 5_000, reason: 'Prize at the spring fair', ...payload })
  if (response.statusCode !== 201) throw new Error(response.body)
  return response.json() as {
    id: number
    code: string
    last4: string
    balance: number
    expiresAt: string | null
  }
}

const detail = async (id: number, cookie = owner) =>
  (await t.app.inject({ url: `/api/admin/gift-cards/${id}`, headers: { cookie } })).json()

const patch = (id: number, payload: object, cookie = owner) =>
  t.app.inject({ method: 'PATCH', url: `/api/admin/gift-cards/${id}`, payload, headers: { cookie } })

const balanceOf = (code: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/gift-cards/balance', payload: { code }, remoteAddress })

async function lastMailTo(address: string) {
  const [mail] = await t.handle.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, 'gift-card'), eq(emailOutbox.toAddress, address)))
    .orderBy(desc(emailOutbox.id))
    .limit(1)
  return mail
}

describe('issuing a gift card', () => {
  it('answers the whole code once, stores only its hash and last four, to the cent', async () => {
    const card = await issued({ amount: 12_345 })
    expect(card).toMatchObject({ balance: 12_345, expiresAt: null })
    expect(card.code).toMatch(CODE)
    expect(card.last4).toBe(card.code.slice(-4))
    const [row] = await t.handle.db.select().from(giftCards).where(eq(giftCards.id, card.id))
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(row)).not.toContain(card.code.replaceAll('-', '').slice(0, 12))
    expect(await detail(card.id)).toMatchObject({ initialAmount: 12_345, balance: 12_345, status: 'active' })
    expect(JSON.stringify(await detail(card.id))).not.toContain(card.code)
  })

  it('draws a different code each time', async () => {
    const codes = new Set(await Promise.all(Array.from({ length: 5 }, async () => (await issued()).code)))
    expect(codes.size).toBe(5)
  })

  it('takes $0.01 to $5,000.00 in cents, and refuses anything else', async () => {
    expect((await issue({ amount: 1, reason: 'Make-good' })).statusCode).toBe(201)
    expect((await issue({ amount: 500_000, reason: 'Grand prize' })).statusCode).toBe(201)
    for (const amount of [0, -100, 500_001, 25.5, '2500']) {
      const refused = await issue({ amount, reason: 'x' })
      expect({ amount, status: refused.statusCode }).toEqual({ amount, status: 400 })
    }
  })

  it('needs a reason, and a message of plain text up to 300 characters', async () => {
    expect((await issue({ amount: 100 })).json().message).toBe(GIFT_CARD_MESSAGES.reasonRequired)
    expect((await issue({ amount: 100, reason: '  ' })).statusCode).toBe(400)
    expect((await issue({ amount: 100, reason: 'x', message: 'a'.repeat(301) })).statusCode).toBe(400)
    expect(
      (await issue({ amount: 100, reason: 'x', message: 'see https://evil.example/x' })).statusCode,
    ).toBe(400)
    expect((await issue({ amount: 100, reason: 'x', message: 'a'.repeat(300) })).statusCode).toBe(201)
  })

  it('refuses an expiry earlier than 5 years after today, and keeps one from then on', async () => {
    const soon = new Date(Date.now() + 4 * YEAR).toISOString()
    const refused = await issue({ amount: 100, reason: 'x', expiresAt: soon })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().message).toBe(EXPIRY_TOO_SOON_MESSAGE)
    const later = new Date(Date.now() + 5 * YEAR + 86_400_000).toISOString()
    const card = await issued({ expiresAt: later })
    expect(card.expiresAt).toBe(later)
  })

  it('mails the recipient the code, the amount, the sender and the message as plain text', async () => {
    const card = await issued({
      amount: 7_500,
      recipientEmail: 'Mei@Example.com',
      recipientName: 'Mei',
      senderName: 'Auntie Lan',
      message: 'Happy birthday!\nBuy something green.',
    })
    const mail = await lastMailTo('mei@example.com')
    expect(mail?.subject).toBe('Auntie Lan sent you a $75.00 gift card')
    expect(mail?.textBody).toContain(card.code)
    expect(mail?.textBody).toContain('Happy birthday!\nBuy something green.')
    expect(mail?.htmlBody).toContain(card.code)
    expect(mail?.htmlBody).toContain('$75.00')
  })

  it('writes the issue into the history, naming the member and their role', async () => {
    const manager = await staffCookie(t.app, t.handle.db, 'manager')
    const card = (await issue({ amount: 2_000, reason: 'Goodwill for a late parcel' }, manager.cookie)).json()
    const { transactions } = await detail(card.id)
    expect(transactions).toEqual([
      expect.objectContaining({
        kind: 'issue',
        amount: 2_000,
        balanceAfter: 2_000,
        reason: 'Goodwill for a late parcel',
        actor: manager.username,
        actorRole: 'manager',
      }),
    ])
  })

  it('is for Owners and Managers only', async () => {
    for (const role of ['packer', 'bookkeeper', 'editor', 'show-assistant']) {
      const { cookie } = await staffCookie(t.app, t.handle.db, role)
      const refused = await issue({ amount: 100, reason: 'x' }, cookie)
      expect(refused.statusCode).toBe(403)
      expect(refused.json().message).toBe('Your role does not include gift cards')
    }
    const customer = (await registerCustomer(t.app)).cookie
    expect((await issue({ amount: 100, reason: 'x' }, customer)).statusCode).toBe(403)
    expect((await t.app.inject({ url: '/api/admin/gift-cards' })).statusCode).toBe(401)
  })
})

describe('changing a gift card', () => {
  it('adjusts up and down with a reason, never below zero (409 naming the balance)', async () => {
    const card = await issued({ amount: 1_000 })
    const down = await patch(card.id, { adjustment: { amount: -999, reason: 'Spent at the fair booth' } })
    expect(down.statusCode).toBe(200)
    expect(down.json()).toMatchObject({ balance: 1, status: 'active' })
    const tooFar = await patch(card.id, { adjustment: { amount: -2, reason: 'Oops' } })
    expect(tooFar.statusCode).toBe(409)
    expect(tooFar.json().message).toBe(belowZeroMessage(1))
    const toZero = await patch(card.id, { adjustment: { amount: -1, reason: 'Rest at the booth' } })
    expect(toZero.json()).toMatchObject({ balance: 0, status: 'spent' })
    const up = await patch(card.id, { adjustment: { amount: 250, reason: 'Apology' } })
    expect(up.json()).toMatchObject({ balance: 250, initialAmount: 1_000 })
    expect(
      up
        .json()
        .transactions.map((line: { kind: string; amount: number; balanceAfter: number }) => [
          line.kind,
          line.amount,
          line.balanceAfter,
        ]),
    ).toEqual([
      ['issue', 1_000, 1_000],
      ['adjustment', -999, 1],
      ['adjustment', -1, 0],
      ['adjustment', 250, 250],
    ])
    expect((await patch(card.id, { adjustment: { amount: 5 } })).statusCode).toBe(400)
    expect((await patch(card.id, { adjustment: { amount: 0, reason: 'x' } })).statusCode).toBe(400)
    expect((await patch(card.id, {})).json().message).toBe(GIFT_CARD_MESSAGES.nothingToChange)
    expect((await patch(999_999, { active: false })).statusCode).toBe(404)
  })

  it('disables and enables again, each audited with the reason, member and role', async () => {
    const card = await issued({ amount: 3_000 })
    const disabled = await patch(card.id, { active: false, reason: 'Reported stolen' })
    expect(disabled.json()).toMatchObject({ active: false, status: 'disabled', balance: 3_000 })
    expect((await patch(card.id, { active: false })).json().transactions).toHaveLength(2)
    const enabled = await patch(card.id, { active: true, reason: 'Found again' })
    expect(enabled.json().status).toBe('active')
    expect(enabled.json().transactions.slice(1)).toEqual([
      expect.objectContaining({
        kind: 'disable',
        amount: 0,
        balanceAfter: 3_000,
        reason: 'Reported stolen',
        actor: 'owner',
        actorRole: 'owner',
      }),
      expect.objectContaining({
        kind: 'enable',
        amount: 0,
        balanceAfter: 3_000,
        reason: 'Found again',
        actorRole: 'owner',
      }),
    ])
  })

  it('resends the e-mail with a new code: the old one stops working', async () => {
    const card = await issued({ amount: 4_200, recipientEmail: 'jun@example.com' })
    const resent = await t.app.inject({
      method: 'POST',
      url: `/api/admin/gift-cards/${card.id}/resend`,
      headers: { cookie: owner },
    })
    expect(resent.statusCode).toBe(200)
    const mail = await lastMailTo('jun@example.com')
    const newCode = /([A-Z0-9]{4}-){3}[A-Z0-9]{4}/.exec(mail!.textBody!)![0]
    expect(newCode).not.toBe(card.code)
    expect(mail!.textBody).toContain('no longer works')
    expect(resent.json().last4).toBe(newCode.slice(-4))
    expect(resent.json().transactions.at(-1)).toMatchObject({
      kind: 'reissue',
      amount: 0,
      reason: `Code ••••${card.last4} replaced by ••••${newCode.slice(-4)} and e-mailed to the recipient`,
      actorRole: 'owner',
    })
    expect((await balanceOf(card.code)).statusCode).toBe(404)
    expect((await balanceOf(newCode)).json()).toMatchObject({ balance: 4_200 })

    const noRecipient = await issued()
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/admin/gift-cards/${noRecipient.id}/resend`,
      headers: { cookie: owner },
    })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toBe(GIFT_CARD_MESSAGES.noRecipient)
  })
})

describe('the list', () => {
  it('searches by last four, recipient and address, newest first, paged', async () => {
    const card = await issued({ recipientName: 'Searchable Soo-ah', recipientEmail: 'soo-ah@example.com' })
    const list = async (search: string) =>
      (
        await t.app.inject({
          url: `/api/admin/gift-cards?search=${encodeURIComponent(search)}`,
          headers: { cookie: owner },
        })
      ).json()
    expect((await list('searchable soo')).items.map((item: { id: number }) => item.id)).toEqual([card.id])
    expect((await list('SOO-AH@EXAMPLE')).items[0]).toMatchObject({
      id: card.id,
      recipientName: 'Searchable Soo-ah',
    })
    expect((await list(card.last4.toLowerCase())).items.map((item: { id: number }) => item.id)).toContain(
      card.id,
    )
    expect((await list(card.code.toLowerCase())).items.map((item: { id: number }) => item.id)).toEqual([
      card.id,
    ])
    const page = (
      await t.app.inject({ url: '/api/admin/gift-cards?pageSize=2&page=1', headers: { cookie: owner } })
    ).json()
    expect(page.items).toHaveLength(2)
    expect(page.total).toBeGreaterThan(2)
    expect(page.items[0]).toMatchObject({
      id: expect.any(Number),
      last4: expect.any(String),
      source: 'issued',
    })
  })
})

describe('the balance look-up', () => {
  it('finds a code however it is typed: case, spaces and dashes aside', async () => {
    const card = await issued({ amount: 2_599 })
    for (const typed of [
      card.code,
      card.code.toLowerCase(),
      card.code.replaceAll('-', ' '),
      card.code.replaceAll('-', ''),
    ]) {
      const answer = await balanceOf(typed)
      expect(answer.statusCode).toBe(200)
      expect(answer.json()).toEqual({ balance: 2_599, expiresAt: null, status: 'active' })
    }
  })

  it('says only "Gift card not found" for a code that does not exist', async () => {
    for (const code of ['ABCD-EFGH-JKMN-PQRS', 'nonsense', '0000-0000-0000-0000']) {
      const answer = await balanceOf(code)
      expect(answer.statusCode).toBe(404)
      expect(answer.json()).toEqual({ message: 'Gift card not found' })
    }
  })

  it('answers a disabled card with its balance and its status', async () => {
    const card = await issued({ amount: 800 })
    await patch(card.id, { active: false, reason: 'Held' })
    expect((await balanceOf(card.code)).json()).toEqual({ balance: 800, expiresAt: null, status: 'disabled' })
  })
})

describe('the dashboard', () => {
  it('shows the outstanding balance of cards that can be spent to the ledger, and hides it from others', async () => {
    const before = (await t.app.inject({ url: '/api/admin/overview', headers: { cookie: owner } })).json()
    const kept = await issued({ amount: 1_234 })
    const disabled = await issued({ amount: 9_999 })
    await patch(disabled.id, { active: false, reason: 'Fraud' })
    await patch(kept.id, { adjustment: { amount: -34, reason: 'Booth sale' } })
    const after = (await t.app.inject({ url: '/api/admin/overview', headers: { cookie: owner } })).json()
    expect(after.giftCardsOutstanding - before.giftCardsOutstanding).toBe(1_200)
    const packer = await staffCookie(t.app, t.handle.db, 'packer')
    const hidden = (
      await t.app.inject({ url: '/api/admin/overview', headers: { cookie: packer.cookie } })
    ).json()
    expect(hidden).not.toHaveProperty('giftCardsOutstanding')
  })
})

describe('trying codes', () => {
  let limited: TestApp
  beforeAll(async () => {
    limited = await createTestApp({ rateLimits: true })
  })
  afterAll(() => limited.close())

  it(`refuses an address after ${CODE_TRIES.max} wrong codes with a 429, a right code too`, async () => {
    const admin = await adminCookie(limited.app, limited.handle.db)
    const created = await limited.app.inject({
      method: 'POST',
      url: '/api/admin/gift-cards',
      payload: { amount: 1_000, reason: 'Prize' },
      headers: { cookie: admin },
    })
    const { code } = created.json()
    const look = (typed: string, remoteAddress: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/gift-cards/balance',
        payload: { code: typed },
        remoteAddress,
      })
    for (let guess = 0; guess < CODE_TRIES.max; guess += 1)
      expect((await look(`GUESS${guess}`, '10.50.0.1')).statusCode).toBe(404)
    const over = await look(code, '10.50.0.1')
    expect(over.statusCode).toBe(429)
    expect(over.json().message).toBe(GIFT_CARD_MESSAGES.tooManyTries(CODE_TRIES.windowMs))
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(500)
    // Right codes are not counted: a holder checking a card often is never locked out.
    for (let look_ = 0; look_ < CODE_TRIES.max + 2; look_ += 1)
      expect((await look(code, '10.50.0.2')).statusCode).toBe(200)
  })
})
