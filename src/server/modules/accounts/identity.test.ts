import { readFileSync } from 'node:fs'
import { eq, inArray, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { normalizeIdentity } from '../../../shared/accounts/identity'
import { shopForFile } from '../../test/helpers'
import { users } from './schema'
import { ACCOUNT_LOCKED_MESSAGE, LOGIN_ATTEMPTS_PER_USERNAME } from './sign-in'

// Issue 31: one spelling of a username or an e-mail address (NFKC, then lower case), for storage,
// look-up, uniqueness and every counter; the database's lower() folds 'İ' unlike JavaScript.

const t = shopForFile({ rateLimits: true })

let addresses = 0
const post = (url: string, payload: object, address = `10.31.0.${++addresses}`) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: address })
const login = (username: string, password: string, address?: string) =>
  post('/api/login', { username, password }, address)

describe('one spelling per name', () => {
  it('normalises with NFKC, then lower case', () => {
    expect(normalizeIdentity(' ＶＩＣＫＩ ')).toBe('vicki')
    expect(normalizeIdentity('İrina')).toBe('i̇rina')
    expect(normalizeIdentity('Mei@Example.COM')).toBe('mei@example.com')
  })

  it('stores the normalised name and address, and refuses a new name that normalises to a taken one', async () => {
    const made = await post('/api/register', {
      username: 'Ｉｒｉｎａ',
      password: 'irina-secret',
      email: 'Irina@Example.com',
    })
    expect(made.statusCode).toBe(201)
    const [row] = await t.handle.db.select().from(users).where(eq(users.username, 'irina'))
    expect(row?.email).toBe('irina@example.com')
    for (const username of ['IRINA', 'irina', 'ｉｒｉｎａ'])
      expect((await post('/api/register', { username, password: 'x-secret' })).statusCode, username).toBe(409)
    const sameMail = await post('/api/register', {
      username: 'irina2',
      password: 'x-secret',
      email: 'IRINA@example.com',
    })
    expect(sameMail.statusCode).toBe(409)
  })

  it('signs a dotted capital I in as another name, never as the account without the dot', async () => {
    await post('/api/register', { username: 'nadia', password: 'nadia-secret' })
    expect((await login('NADIA', 'nadia-secret')).statusCode).toBe(200)
    expect((await login('ｎａｄｉａ', 'nadia-secret')).statusCode).toBe(200)
    // PostgreSQL's lower('İ') is 'i': compared through it, this signed in as nadia.
    expect((await login('nadİa', 'nadia-secret')).statusCode).toBe(401)
    // And the dotted name is free to register: it is another name.
    expect((await post('/api/register', { username: 'nadİa', password: 'other-secret' })).statusCode).toBe(
      201,
    )
  })

  it("counts every spelling of one name under that name's counters", async () => {
    await post('/api/register', { username: 'vicki', password: 'vicki-secret' })
    const address = '10.31.9.9'
    const spellings = ['VICKI', 'Vicki', 'ｖｉｃｋｉ', 'vIcKi', 'ＶＩＣＫＩ']
    for (const spelling of spellings.slice(0, LOGIN_ATTEMPTS_PER_USERNAME.max))
      expect((await login(spelling, 'wrong', address)).statusCode).toBe(401)
    const locked = await login('vicki', 'vicki-secret', address)
    expect(locked.statusCode).toBe(429)
    expect(locked.json().message).toBe(ACCOUNT_LOCKED_MESSAGE)
  })
})

describe('the migration that normalises existing accounts', () => {
  it('gives each row the form the application looks up, the oldest first when two normalise alike', async () => {
    const migration = readFileSync('src/server/db/migrations/0026_account_security.sql', 'utf8')
    const updates = migration
      .split('--> statement-breakpoint')
      .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
      .filter((statement) => statement.startsWith('UPDATE "users"'))
    expect(updates).toHaveLength(2)
    const names = ['Zoë Lin', 'ＭＥＩＬＩ', 'Meili', 'İlke']
    const ids: number[] = []
    for (const username of names) {
      const [row] = await t.handle.db
        .insert(users)
        .values({ username, password: 'x', email: `${username}@Example.com` })
        .returning({ id: users.id })
      ids.push(row!.id)
    }
    for (const statement of updates) await t.handle.db.execute(sql.raw(statement))
    const rows = await t.handle.db.select().from(users).where(inArray(users.id, ids)).orderBy(users.id)
    expect(rows.map((row) => [row.username, row.email])).toEqual([
      [normalizeIdentity('Zoë Lin'), normalizeIdentity('Zoë Lin@Example.com')],
      ['meili', 'meili@example.com'],
      ['Meili', 'Meili@Example.com'],
      [normalizeIdentity('İlke'), normalizeIdentity('İlke@Example.com')],
    ])
  })
})
