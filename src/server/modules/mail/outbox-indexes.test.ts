import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { queryRows } from '../../db/query-rows'
import { insertProduct, placedOrderId, placeZelleOrder } from '../../test/factories'
import { createTestApp, type TestApp } from '../../test/helpers'
import { dueRows, SHOP_MAIL_PRIORITY } from './claim'

// Every order writes its e-mails into the outbox in checkout's own statement, so each index a new
// row enters is written on checkout's path. The campaigns (issue 38) added three, and checkout lost
// about a tenth of its orders a second; their indexes are partial now, and leave the shop's own
// new mail alone (BENCHMARKS.md, docs/bench-comparisons.md).
const ENTERED_BY_NEW_SHOP_MAIL = ['email_outbox_pending_due_idx', 'email_outbox_pkey']

let shop: TestApp
beforeAll(async () => {
  shop = await createTestApp()
})
afterAll(() => shop.close())

describe("an order's e-mails, queued", () => {
  it('enter only the primary key and the index the worker claims by', async () => {
    const piece = await insertProduct(shop.handle.db, { price: 12_000 })
    const orderId = placedOrderId(await placeZelleOrder(shop.app, [piece]))
    const indexes = await queryRows(
      shop.handle.db,
      z.object({ index: z.string(), predicate: z.string().nullable() }),
      sql`select c.relname as index, pg_get_expr(i.indpred, i.indrelid) as predicate
        from pg_index i join pg_class c on c.oid = i.indexrelid
        where i.indrelid = 'email_outbox'::regclass order by c.relname`,
    )
    const mail = await queryRows(
      shop.handle.db,
      z.object({ id: z.number().int() }),
      sql`select id from email_outbox where payload->>'orderId' = ${String(orderId)}`,
    )
    expect(mail.length).toBeGreaterThan(0)
    const entered: string[] = []
    for (const { index, predicate } of indexes) {
      if (predicate === null) {
        entered.push(index)
        continue
      }
      const [row] = await queryRows(
        shop.handle.db,
        z.object({ enters: z.number().int() }),
        sql`select count(*)::int as enters from email_outbox
          where id in ${sql.raw(`(${mail.map((m) => m.id).join(',')})`)} and (${sql.raw(predicate)})`,
      )
      if (row!.enters > 0) entered.push(index)
    }
    expect(entered).toEqual(ENTERED_BY_NEW_SHOP_MAIL)
  })
})

describe("the worker's claim", () => {
  it("finds due mail by the claim's index, even as a generic plan with parameters", async () => {
    const query = dueRows(shop.handle.db, SHOP_MAIL_PRIORITY, 20).toSQL()
    const plan = await shop.handle.db.transaction(async (tx) => {
      // As the pool's connections run it (db/client.ts), with a sequential scan made a last resort:
      // one is still chosen only where the index cannot serve the statement.
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`)
      await tx.execute(sql`set local enable_seqscan = off`)
      await tx.execute(sql.raw(`prepare due_mail as ${query.sql}`))
      const args = query.params.map((value) => (typeof value === 'number' ? value : `'${value}'`)).join(', ')
      const lines = await queryRows(
        tx,
        z.object({ 'QUERY PLAN': z.string() }),
        sql.raw(`explain execute due_mail(${args})`),
      )
      await tx.execute(sql`deallocate due_mail`)
      return lines.map((line) => line['QUERY PLAN']).join('\n')
    })
    expect(plan).toContain('email_outbox_pending_due_idx')
    expect(plan).not.toMatch(/Seq Scan/)
  })
})
