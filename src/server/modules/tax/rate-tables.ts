import { and, desc, eq, sql } from 'drizzle-orm'
import { millionthsToRate } from '../../../shared/tax/schema'
import type { RateChange, RateTablePreview, RateTableSummary } from '../../../shared/tax/tables'
import type { Database, DbOrTx } from '../../db/client'
import { runPrepared } from '../../db/prepared'
import { conflict, invalidFields, notFound } from '../../errors'
import type { RateRow } from './calculate'
import { parseRateTable } from './rate-table-file'
import { taxRateTables } from './schema'

// Rate tables: uploaded as a preview, compared with the table in force on the new one's date,
// applied by the owner. Tables are never edited: a correction is a new version.

/** The applied table in force for a state on a day (YYYY-MM-DD): the newest whose date has come. */
const IN_FORCE = `select id from tax_rate_tables
  where state = $1 and status = 'applied' and effective_from <= $2::date
  order by effective_from desc, version desc limit 1`

const SAMPLE_SIZE = 20

const INSERT_ROWS = `insert into tax_rates (table_id, zip_code, region_name, state_rate, county_rate, city_rate, special_rate)
  select $1, * from unnest($2::text[], $3::text[], $4::int[], $5::int[], $6::int[], $7::int[])`

export interface UploadedTable {
  state: string
  effectiveFrom: string
  fileName?: string
  text: string
}

/** Reads and keeps an uploaded table as a preview, answering how it differs from the one in force. */
export async function previewRateTable(db: Database, upload: UploadedTable): Promise<RateTablePreview> {
  const parsed = parseRateTable(upload.text, upload.state)
  if (parsed.errors.length > 0)
    throw invalidFields(
      `The rate table has ${parsed.errors.length === 1 ? 'a problem' : `${parsed.errors.length} problems`}: nothing was kept`,
      parsed.errors.slice(0, 50).map((error) => ({
        field: `line ${error.line}${error.column ? `, ${error.column}` : ''}`,
        message: error.message,
      })),
    )
  const { rows } = parsed
  return db.transaction(async (tx) => {
    // One upload per state at a time, so versions are counted without a gap or a twin.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('tax-table:' || ${upload.state}))`)
    const [{ version } = { version: 1 }] = await tx
      .select({ version: sql<number>`coalesce(max(${taxRateTables.version}), 0)::int + 1` })
      .from(taxRateTables)
      .where(eq(taxRateTables.state, upload.state))
    const [table] = await tx
      .insert(taxRateTables)
      .values({
        state: upload.state,
        effectiveFrom: upload.effectiveFrom,
        version,
        fileName: upload.fileName?.slice(0, 200) ?? null,
        rowCount: rows.length,
        added: 0,
        changed: 0,
        removed: 0,
      })
      .returning({ id: taxRateTables.id })
    const tableId = table!.id
    await runPrepared(tx, 'tax-table-rows-insert', INSERT_ROWS, [
      tableId,
      rows.map((row) => row.zipCode),
      rows.map((row) => row.regionName),
      rows.map((row) => row.stateRate),
      rows.map((row) => row.countyRate),
      rows.map((row) => row.cityRate),
      rows.map((row) => row.specialRate),
    ])
    const [current] = await runPrepared<{ id: number }>(tx, 'tax-table-in-force', IN_FORCE, [
      upload.state,
      upload.effectiveFrom,
    ])
    const diff = await tableDiff(tx, tableId, current?.id ?? null)
    await tx
      .update(taxRateTables)
      .set({ added: diff.added, changed: diff.changed, removed: diff.removed })
      .where(eq(taxRateTables.id, tableId))
    return {
      id: tableId,
      state: upload.state,
      effectiveFrom: upload.effectiveFrom,
      version,
      rows: rows.length,
      ...diff,
    }
  })
}

const DIFF = `
  with pairs as (
    select coalesce(n.zip_code, o.zip_code) as zip_code, coalesce(n.region_name, o.region_name) as region_name,
      n.state_rate + n.county_rate + n.city_rate + n.special_rate as after,
      o.state_rate + o.county_rate + o.city_rate + o.special_rate as before,
      n.zip_code is not null and o.zip_code is not null
        and (n.region_name, n.state_rate, n.county_rate, n.city_rate, n.special_rate)
          is distinct from (o.region_name, o.state_rate, o.county_rate, o.city_rate, o.special_rate) as changed
    from (select * from tax_rates where table_id = $1) n
    full join (select * from tax_rates where table_id = $2) o on o.zip_code = n.zip_code
  )
  select
    (select count(*)::int from pairs where before is null) as added,
    (select count(*)::int from pairs where changed) as changed,
    (select count(*)::int from pairs where after is null) as removed,
    (select coalesce(json_agg(s), '[]') from (
      select zip_code as "zipCode", region_name as "regionName", before, after from pairs
      where before is null or after is null or changed order by zip_code limit ${SAMPLE_SIZE}) s) as sample`

async function tableDiff(db: DbOrTx, tableId: number, currentId: number | null) {
  const [row] = await runPrepared<{
    added: number
    changed: number
    removed: number
    sample: { zipCode: string; regionName: string; before: number | null; after: number | null }[]
  }>(db, 'tax-table-diff', DIFF, [tableId, currentId])
  const sample: RateChange[] = row!.sample.map((change) => ({
    ...change,
    before: change.before === null ? null : millionthsToRate(change.before),
    after: change.after === null ? null : millionthsToRate(change.after),
  }))
  return { added: row!.added, changed: row!.changed, removed: row!.removed, sample }
}

/** Applies a previewed table: from its effective date, orders into its state are taxed by it. */
export async function applyRateTable(db: Database, id: number, today: string): Promise<RateTableSummary> {
  const [applied] = await db
    .update(taxRateTables)
    .set({ status: 'applied', appliedAt: new Date() })
    .where(and(eq(taxRateTables.id, id), eq(taxRateTables.status, 'preview')))
    .returning({ id: taxRateTables.id })
  if (!applied) {
    const [existing] = await db
      .select({ id: taxRateTables.id })
      .from(taxRateTables)
      .where(eq(taxRateTables.id, id))
    throw existing ? conflict('This table is already applied') : notFound('Rate table not found')
  }
  const [summary] = (await listRateTables(db, today)).filter((table) => table.id === id)
  return summary!
}

/** Every table, newest first, each marked when it is the one in force `today`. */
export async function listRateTables(db: DbOrTx, today: string): Promise<RateTableSummary[]> {
  const rows = await db.select().from(taxRateTables).orderBy(taxRateTables.state, desc(taxRateTables.version))
  const inForce = new Map<string, number>()
  for (const row of rows) {
    if (row.status !== 'applied' || row.effectiveFrom > today) continue
    const best = rows.find((other) => other.id === inForce.get(row.state))
    const newer =
      !best ||
      row.effectiveFrom > best.effectiveFrom ||
      (row.effectiveFrom === best.effectiveFrom && row.version > best.version)
    if (newer) inForce.set(row.state, row.id)
  }
  return rows.map((row) => ({
    id: row.id,
    state: row.state,
    effectiveFrom: row.effectiveFrom,
    version: row.version,
    status: row.status as RateTableSummary['status'],
    rows: row.rowCount,
    added: row.added,
    changed: row.changed,
    removed: row.removed,
    createdAt: row.createdAt.toISOString(),
    appliedAt: row.appliedAt?.toISOString() ?? null,
    inForce: inForce.get(row.state) === row.id,
  }))
}

const ROWS_IN_FORCE = `select zip_code as "zipCode", region_name as "regionName", state_rate as "stateRate",
    county_rate as "countyRate", city_rate as "cityRate", special_rate as "specialRate"
  from tax_rates where table_id = (${IN_FORCE}) and zip_code = any($3::text[])`

const TABLE_IN_FORCE = `select zip_code as "zipCode", region_name as "regionName", state_rate as "stateRate",
    county_rate as "countyRate", city_rate as "cityRate", special_rate as "specialRate"
  from tax_rates where table_id = (${IN_FORCE})`

/** Every row of the state's table in force on a day (YYYY-MM-DD), for the rate cache. */
export async function tableInForce(db: DbOrTx, state: string, day: string): Promise<RateRow[]> {
  return runPrepared<RateRow>(db, 'tax-table-rows-in-force', TABLE_IN_FORCE, [state, day])
}

/** The rows for these ZIPs in the state's table in force on a day (YYYY-MM-DD). */
export async function ratesInForce(
  db: DbOrTx,
  state: string,
  day: string,
  zipCodes: string[],
): Promise<RateRow[]> {
  return runPrepared<RateRow>(db, 'tax-rates-in-force', ROWS_IN_FORCE, [state, day, zipCodes])
}
