import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { RESET_REQUESTED_MESSAGE } from '../../../shared/accounts/schema'
import { registerCustomer, shopForFile } from '../../test/helpers'
import { emailOutbox } from '../mail/schema'
import { RESET_MAIL_INTERVAL_MINUTES } from './profile-service'
import { users } from './schema'

// Issue 31: sixteen reset requests from sixteen addresses sent sixteen e-mails within seconds.

const t = shopForFile()

const request = (email: string, n: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/request-password-reset',
    payload: { email },
    remoteAddress: `10.6.0.${n}`,
  })
const resetMails = async (to: string) =>
  (
    await t.handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, 'password-reset'), eq(emailOutbox.toAddress, to)))
  )[0]!.n

describe('password-reset e-mails', () => {
  it('go to one address at most once every 10 minutes, however many ask at once', async () => {
    await registerCustomer(t.app, { email: 'flooded@example.com' })
    const spellings = [
      'flooded@example.com',
      'Flooded@Example.com',
      'FLOODED@EXAMPLE.COM',
      'flooded@EXAMPLE.com',
    ]
    const answers = await Promise.all(Array.from({ length: 16 }, (_, n) => request(spellings[n % 4]!, n + 1)))
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200)
      expect(answer.json()).toEqual({ message: RESET_REQUESTED_MESSAGE })
    }
    expect(await resetMails('flooded@example.com')).toBe(1)

    // Nine minutes on, still the one; past ten, another.
    const moveBack = (minutes: number) =>
      t.handle.db
        .update(users)
        .set({ resetTokenExpiry: sql`${users.resetTokenExpiry} - make_interval(mins => ${minutes})` })
        .where(eq(users.email, 'flooded@example.com'))
    await moveBack(9)
    expect((await request('flooded@example.com', 99)).json()).toEqual({ message: RESET_REQUESTED_MESSAGE })
    expect(await resetMails('flooded@example.com')).toBe(1)
    await moveBack(RESET_MAIL_INTERVAL_MINUTES - 9)
    await request('flooded@example.com', 100)
    expect(await resetMails('flooded@example.com')).toBe(2)
  })

  it('answers an unknown address the same', async () => {
    const answer = await request('nobody.here@example.com', 7)
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toEqual({ message: RESET_REQUESTED_MESSAGE })
  })
})
