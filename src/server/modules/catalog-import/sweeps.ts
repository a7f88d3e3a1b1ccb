import { sql } from 'drizzle-orm'
import type { Sweep } from '../../jobs/sweeps'

// A dry run keeps its rows and its ZIP (up to 20 MB) until confirmed: one never confirmed is
// litter after a day. A finished import's report is kept a month, for the owner to download.

export const UNCONFIRMED_IMPORT_AGE_MS = 24 * 60 * 60_000
export const FINISHED_IMPORT_AGE_MS = 30 * 24 * 60 * 60_000

const deletedCount = (result: unknown) =>
  Number(
    (result as { rowCount?: number; affectedRows?: number }).rowCount ??
      (result as { affectedRows?: number }).affectedRows ??
      0,
  )

export const IMPORT_SWEEPS: Sweep[] = [
  {
    name: 'old catalogue imports',
    run: async (db, now, limit) =>
      deletedCount(
        await db.execute(sql`delete from product_imports where id in (
          select id from product_imports
          where (confirmed_at is null and created_at < ${new Date(now.getTime() - UNCONFIRMED_IMPORT_AGE_MS)})
             or (status in ('done', 'failed') and updated_at < ${new Date(now.getTime() - FINISHED_IMPORT_AGE_MS)})
          limit ${limit})`),
      ),
  },
]
