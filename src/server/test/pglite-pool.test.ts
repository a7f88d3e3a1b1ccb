import { sql } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import type { DatabaseHandle } from '../db/client'
import { queryRows, sqlType } from '../db/query-rows'
import { createTestDatabase } from './helpers'
import { poolCounts } from './pglite-pool'

const RoleRow = z.object({ id: z.number(), name: z.string() })
const ValueRow = z.object({ value: z.union([z.string(), sqlType.int8]).nullable() })
const singleValue = async (handle: DatabaseHandle, query: ReturnType<typeof sql>) =>
  (await queryRows(handle.db, ValueRow, query))[0]?.value

// The pool lends one PGlite instance to file after file: each borrower must find the database as
// the template left it, whatever the last one did to it.
describe.runIf(process.env.TEST_DB_DRIVER !== 'postgres')('a lent embedded database', () => {
  it('is as the template left it for the next borrower: rows, sequences, session', async () => {
    const database = await createTestDatabase()
    const first = await database.open()
    const rolesQuery = sql`select id, name from roles order by id`
    const template = await queryRows(first.db, RoleRow, rolesQuery)
    expect(template.length).toBeGreaterThan(0)
    await first.db.execute(sql`insert into roles (name, label) values ('borrowed', 'Borrowed')`)
    await first.db.execute(sql`delete from roles where name = 'owner'`)
    const nextOrder = await singleValue(first, sql`select nextval('orders_id_seq') as value`)
    await first.db.execute(sql`set statement_timeout = 1234`)
    await first.close()

    const lentAgain = poolCounts.lentAgain
    const second = await database.open()
    // The same instance, put back: a fresh one would pass what follows without any reset.
    expect(poolCounts.lentAgain).toBe(lentAgain + 1)
    expect(await queryRows(second.db, RoleRow, rolesQuery)).toEqual(template)
    expect(await singleValue(second, sql`select nextval('orders_id_seq') as value`)).toBe(nextOrder)
    expect(await singleValue(second, sql`select current_setting('statement_timeout') as value`)).toBe('0')
    expect(await singleValue(second, sql`select current_setting('plan_cache_mode') as value`)).toBe(
      'force_generic_plan',
    )
    await second.close()
  })

  it('refuses every call once its borrower closed it', async () => {
    const handle = await (await createTestDatabase()).open()
    await handle.close()
    await expect(handle.db.execute(sql`select 1`)).rejects.toHaveProperty(
      'cause.message',
      'This test database was closed',
    )
  })

  it('calls no listener of an earlier borrower', async () => {
    const database = await createTestDatabase()
    const first = await database.open()
    const heard: string[] = []
    await first.listen('pool_test', (payload) => heard.push(`first ${payload}`))
    await first.close()
    const lentAgain = poolCounts.lentAgain
    const second = await database.open()
    expect(poolCounts.lentAgain).toBe(lentAgain + 1)
    await second.listen('pool_test', (payload) => heard.push(`second ${payload}`))
    await second.db.execute(sql`select pg_notify('pool_test', 'hello')`)
    await expect.poll(() => heard).toEqual(['second hello'])
    await second.close()
  })

  it('is not lent again when a borrower changed the schema', async () => {
    const database = await createTestDatabase()
    const first = await database.open()
    await first.db.execute(sql`create table left_behind (id int)`)
    await first.db.execute(sql`alter table roles add column extra text`)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const closed = poolCounts.closed
    await first.close()
    expect(poolCounts.closed).toBe(closed + 1)
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('a test changed the schema'))
    const second = await database.open()
    expect(await singleValue(second, sql`select to_regclass('left_behind')::text as value`)).toBeNull()
    const extra = sql`select count(*) as value from information_schema.columns
      where table_name = 'roles' and column_name = 'extra'`
    expect(Number(await singleValue(second, extra))).toBe(0)
    await second.close()
  })
})
