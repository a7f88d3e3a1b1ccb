import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { queryRows } from '../../db/query-rows'
import { createTestApp, type TestApp } from '../../test/helpers'

// Checkout's one write to a piece (takeStock in inventory/stock-rules.ts) changes only these columns.
// While no index names one of them, and pages keep room for a piece's next version, PostgreSQL
// makes that write a HOT update: none of the products' indexes is written, which kept checkout's
// PostgreSQL CPU per order where it was before the storefront search's trigram index (BENCHMARKS.md).
const COLUMNS_A_SALE_CHANGES = ['status', 'stock_quantity', 'sold_at', 'sold_price', 'updated_at']

let shop: TestApp
beforeAll(async () => {
  shop = await createTestApp()
})
afterAll(() => shop.close())

describe("the products table keeps checkout's update of a piece a HOT update", () => {
  it('has no index, in its columns, expressions or predicate, on a column that a sale changes', async () => {
    const indexed = await queryRows(
      shop.handle.db,
      z.object({ index: z.string(), definition: z.string() }),
      sql`select c.relname as index, pg_get_indexdef(i.indexrelid) as definition
        from pg_index i join pg_class c on c.oid = i.indexrelid
        where i.indrelid = 'products'::regclass`,
    )
    expect(indexed.length).toBeGreaterThan(3)
    for (const { index, definition } of indexed) {
      const named = COLUMNS_A_SALE_CHANGES.filter((column) => new RegExp(`\\b${column}\\b`).test(definition))
      expect({ index, named }).toEqual({ index, named: [] })
    }
  })

  it("leaves room on each page for a piece's next version", async () => {
    const [table] = await queryRows(
      shop.handle.db,
      z.object({ options: z.array(z.string()).nullable() }),
      sql`select reloptions as options from pg_class where oid = 'products'::regclass`,
    )
    expect(table?.options).toContain('fillfactor=80')
  })
})
