import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createTestDatabase, type TestDatabase } from '../test/helpers'
import type { DatabaseHandle } from './client'
import { queryRows, sqlType } from './query-rows'

let database: TestDatabase
let handle: DatabaseHandle
beforeAll(async () => {
  database = await createTestDatabase()
  handle = await database.open()
})
afterAll(async () => {
  await handle.close()
  await database.drop()
})

describe('queryRows', () => {
  it('describes the columns the two drivers disagree on as this driver returns them', async () => {
    const rows = await queryRows(
      handle.db,
      z.strictObject({
        big: sqlType.int8,
        count: sqlType.int8,
        money: sqlType.numeric,
        at: sqlType.timestamp,
      }),
      sql`select 5::int8 as big, count(*) as count, 1.50::numeric as money, now() as at from (values (1)) v`,
    )
    expect(rows).toHaveLength(1)
    expect(Number(rows[0]!.big)).toBe(5)
    expect(Number(rows[0]!.count)).toBe(1)
    expect(rows[0]!.money).toBe('1.50')
    expect(Number.isNaN(new Date(rows[0]!.at).getTime())).toBe(false)
  })

  it('refuses, outside production, a row its schema does not describe', async () => {
    await expect(
      queryRows(
        handle.db,
        z.object({ id: z.number().int(), name: z.string() }),
        sql`select 1 as id, null as name`,
      ),
    ).rejects.toThrow(/row 0 does not match its schema[\s\S]*name/)
  })

  it('answers the rows as the driver gave them, not as the schema would parse them', async () => {
    const [row] = await queryRows(
      handle.db,
      z.object({ id: z.number() }),
      sql`select 1 as id, 'kept' as extra`,
    )
    expect(row).toEqual({ id: 1, extra: 'kept' })
  })
})
