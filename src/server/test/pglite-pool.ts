import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { type DatabaseHandle, embeddedDatabase } from '../db/client'

// A test file's embedded database is lent from a pool of the worker's instances instead of started
// anew. Starting PGlite from the migrated template (unpacking its data directory, starting the
// backend) costs about 0.6 s on the 2-core machine, and ~130 files on this database started one each,
// ~80 s of the workers' time; putting an instance back as the template left it costs 0.1–0.15 s.
//
// Put back means: every table emptied and the rows the migrations wrote put back, every sequence
// where the template had it, and the session as new (settings, prepared statements, locks,
// listeners). An instance whose schema a test changed and did not change back, or whose reset does
// not finish, is closed instead of lent again. A lent instance is fenced: once its borrower closed
// it, any call through it throws, as on a closed PGlite, so a stray timer of a finished file can
// neither write into the next file's database nor go unnoticed.

/** What the migrations leave in the template: the state an instance is put back to. */
interface TemplateState {
  /** A query of the names of the tables that hold a row, schema-qualified and quoted. */
  tablesWithRows: string
  /** The tables the migrations wrote rows into, each with its rows as JSON. */
  rows: { table: string; json: string }[]
  /** One statement that puts every sequence back where the template had it. */
  sequences: string
  schema: string
}

interface Pooled {
  client: PGlite
  template: TemplateState
}

const RESET_TIMEOUT_MS = 10_000
/** Most files use one database at a time; the few that use more get fresh ones past this. */
const MOST_IDLE = 2

const idle: Pooled[] = []
let templateState: Promise<TemplateState> | undefined
let templateSource: Blob | undefined

/** An embedded database as the template left it, lent until its handle is closed. */
export async function lendEmbeddedDatabase(tarball: Blob): Promise<DatabaseHandle> {
  if (templateSource !== tarball) {
    for (const pooled of idle.splice(0)) await pooled.client.close()
    templateSource = tarball
    templateState = undefined
  }
  const pooled = idle.pop() ?? (await openFromTemplate(tarball))
  let returned = false
  const unlisteners: (() => Promise<void>)[] = []
  const fenced = new Proxy(pooled.client, {
    get(target, key) {
      if (returned) throw new Error('This test database was closed')
      if (key === 'listen') {
        return async (...args: Parameters<PGlite['listen']>) => {
          const unlisten = await target.listen(...args)
          unlisteners.push(unlisten)
          return unlisten
        }
      }
      const value = Reflect.get(target, key, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  return embeddedDatabase(fenced, async () => {
    if (returned) return
    returned = true
    await putBack(pooled, unlisteners)
  })
}

async function openFromTemplate(tarball: Blob): Promise<Pooled> {
  const client = new PGlite({ loadDataDir: tarball, extensions: { pg_trgm } })
  templateState ??= readTemplateState(client)
  return { client, template: await templateState }
}

async function putBack(pooled: Pooled, unlisteners: (() => Promise<void>)[]): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('reset timed out')), RESET_TIMEOUT_MS)
  })
  try {
    await Promise.race([reset(pooled, unlisteners), timeout])
    if (idle.length < MOST_IDLE) return void idle.push(pooled)
  } catch {
    // Not lent again: a fresh instance takes its place when one is next needed.
  } finally {
    clearTimeout(timer)
  }
  await Promise.race([pooled.client.close().catch(() => {}), timeout.catch(() => {})])
}

async function reset({ client, template }: Pooled, unlisteners: (() => Promise<void>)[]) {
  for (const unlisten of unlisteners) await unlisten()
  await client.exec('discard all')
  // Truncating costs about 2 ms a table whether it holds rows or not, and a file writes to few.
  const { rows: written } = await client.query<{ name: string }>(template.tablesWithRows)
  const tables = written.map((row) => row.name)
  if (tables.length > 0) await client.exec(`truncate ${tables.join(', ')} cascade`)
  for (const { table, json } of template.rows) {
    await client.query(`insert into ${table} select * from json_populate_recordset(null::${table}, $1)`, [
      json,
    ])
  }
  await client.exec(template.sequences)
  if ((await schemaOf(client)) !== template.schema) throw new Error('a test changed the schema')
}

async function readTemplateState(client: PGlite): Promise<TemplateState> {
  const { rows: tableRows } = await client.query<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables
     where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
  )
  const tables = tableRows.map((row) => row.name)
  const rows: TemplateState['rows'] = []
  for (const table of tables) {
    const { rows: dump } = await client.query<{ json: string | null }>(
      `select json_agg(t)::text as json from ${table} t`,
    )
    if (dump[0]?.json) rows.push({ table, json: dump[0].json })
  }
  const { rows: sequenceRows } = await client.query<{ statement: string }>(
    `select format('select setval(%L, %s, %s);', format('%I.%I', schemaname, sequencename),
       coalesce(last_value, start_value), case when last_value is null then 'false' else 'true' end)
       as statement
     from pg_sequences`,
  )
  return {
    tablesWithRows: tables
      .map((table) => `select ${literal(table)} as name where exists (select from ${table})`)
      .join(' union all '),
    rows,
    sequences: sequenceRows.map((row) => row.statement).join('\n'),
    schema: await schemaOf(client),
  }
}

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`

/** A digest of the user schemas' tables, columns, constraints, indexes, triggers and functions. */
async function schemaOf(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ digest: string }>(`
    select md5(string_agg(item, e'\\n' order by item)) as digest from (
      select format('rel %s %s', c.oid::regclass, c.relkind) as item
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
      union all
      select format('col %s.%s %s %s %s', a.attrelid::regclass, a.attname,
          format_type(a.atttypid, a.atttypmod), a.attnotnull, pg_get_expr(d.adbin, d.adrelid))
        from pg_attribute a
        join pg_class c on c.oid = a.attrelid
        join pg_namespace n on n.oid = c.relnamespace
        left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
        where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
          and a.attnum > 0 and not a.attisdropped
      union all
      select format('con %s %s %s', conrelid::regclass, conname, pg_get_constraintdef(oid))
        from pg_constraint
        where connamespace not in ('pg_catalog'::regnamespace, 'information_schema'::regnamespace)
      union all
      select format('idx %s', pg_get_indexdef(indexrelid))
        from pg_index i join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
      union all
      select format('trg %s %s', tgrelid::regclass, pg_get_triggerdef(oid)) from pg_trigger where not tgisinternal
      union all
      select format('fn %s %s', p.oid::regprocedure, md5(p.prosrc))
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname not in ('pg_catalog', 'information_schema')
    ) items`)
  return rows[0]?.digest ?? ''
}
