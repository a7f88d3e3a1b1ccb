import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { type DatabaseHandle, embeddedDatabase } from '../db/client'

// A test file's embedded database is lent from a pool of the worker's instances instead of started
// anew. Starting PGlite from the migrated template (unpacking its data directory, starting the
// backend) costs about 0.6 s on the 2-core machine, and ~130 files on this database started one each,
// ~80 s of the workers' time; putting an instance back as the template left it costs 0.1–0.15 s.
//
// Put back means: every table written to emptied and the rows the migrations wrote put back, every
// sequence where the template had it, and the session as new (settings, prepared statements, temp
// tables, locks, listeners). An instance whose schema a test changed and did not change back, or
// whose reset fails or does not finish, is closed instead of lent again. A lent instance is fenced:
// once its borrower closed it, any call through it throws, so a stray timer of a finished file can
// neither write into the next file's database nor go unnoticed.

/** What the migrations leave in the template: the state an instance is put back to. */
interface TemplateState {
  /** A query of the tables written to since the template: they hold a page (rows, or rows deleted). */
  writtenTables: string
  /** The tables the migrations wrote rows into: their rows as JSON, and how to put them back. */
  rows: { insert: string; json: string }[]
  /** One statement that puts every sequence back where the template had it. */
  sequences: string
  schema: string
}

interface Pooled {
  client: PGlite
  source: Blob
}

const RESET_TIMEOUT_MS = 10_000
/** Most files use one database at a time; the few that use more get fresh ones past this. */
const MAX_IDLE = 2

const idle: Pooled[] = []
let templateSource: Blob | undefined
let templateState: Promise<TemplateState> | undefined

/** How the pool served this worker: a test checks that instances are lent again. */
export const poolCounts = { opened: 0, lentAgain: 0, closed: 0 }

/** An embedded database as the template left it, lent until its handle is closed. */
export async function lendEmbeddedDatabase(source: Blob): Promise<DatabaseHandle> {
  if (templateSource !== source) {
    for (const pooled of idle.splice(0)) await closeInstance(pooled)
    templateSource = source
    templateState = undefined
  }
  const reused = idle.pop()
  if (reused) poolCounts.lentAgain++
  const pooled = reused ?? (await openFromTemplate(source))
  let returned = false
  const unlisteners: (() => Promise<void>)[] = []
  const fenced = new Proxy(pooled.client, {
    get(target, key) {
      if (returned) throw new Error('This test database was closed')
      if (key === 'listen') {
        return async (...args: Parameters<PGlite['listen']>) => {
          const unlisten = await target.listen(...args)
          // Closed while it was being set up: the reset has already removed the others.
          if (returned) await unlisten()
          else unlisteners.push(unlisten)
          return unlisten
        }
      }
      const value = Reflect.get(target, key, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  try {
    return await embeddedDatabase(fenced, async () => {
      if (returned) return
      returned = true
      await putBack(pooled, unlisteners)
    })
  } catch (error) {
    returned = true
    await closeInstance(pooled)
    throw error
  }
}

async function openFromTemplate(source: Blob): Promise<Pooled> {
  poolCounts.opened++
  const client = new PGlite({ loadDataDir: source, extensions: { pg_trgm } })
  templateState ??= readTemplateState(client)
  const state = templateState
  try {
    await state
  } catch (error) {
    if (templateState === state) templateState = undefined
    await client.close().catch(() => {})
    throw error
  }
  return { client, source }
}

async function putBack(pooled: Pooled, unlisteners: (() => Promise<void>)[]): Promise<void> {
  if (idle.length >= MAX_IDLE || pooled.source !== templateSource || !templateState) {
    return closeInstance(pooled)
  }
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the reset took over ${RESET_TIMEOUT_MS} ms`)),
      RESET_TIMEOUT_MS,
    )
  })
  try {
    await Promise.race([reset(pooled.client, await templateState, unlisteners), timeout])
    idle.push(pooled)
    return
  } catch (error) {
    // Not a failure of the file that returned it: a fresh instance takes its place when one is
    // next needed. Said, so that a reset that always fails does not quietly end the pooling.
    console.warn(`A test database was closed, not lent again: ${(error as Error).message}`)
  } finally {
    clearTimeout(timer)
  }
  // A reset that hung may hold PGlite's queue: the close is not waited for past a second.
  await Promise.race([closeInstance(pooled), new Promise((resolve) => setTimeout(resolve, 1000).unref())])
}

async function closeInstance(pooled: Pooled): Promise<void> {
  poolCounts.closed++
  await pooled.client.close().catch(() => {})
}

async function reset(client: PGlite, template: TemplateState, unlisteners: (() => Promise<void>)[]) {
  for (const unlisten of unlisteners) await unlisten()
  await client.exec('discard all')
  // Truncating costs about 2 ms a table whether it holds rows or not, and a file writes to few.
  const { rows: written } = await client.query<{ name: string }>(template.writtenTables)
  // Triggers and foreign keys stay quiet while the template's rows go back (a trigger of theirs
  // would write other rows; the order they are put back in is not the keys' order).
  await client.transaction(async (tx) => {
    await tx.exec('set local session_replication_role = replica')
    // Cascade: a table that refers to a written one is emptied too (it may hold nothing, but
    // truncating a table another one refers to needs both in the statement).
    if (written.length > 0) await tx.exec(`truncate ${written.map((row) => row.name).join(', ')} cascade`)
    for (const { insert, json } of template.rows) await tx.query(insert, [json])
  })
  await client.exec(template.sequences)
  if ((await schemaOf(client)) !== template.schema) throw new Error('a test changed the schema')
}

async function readTemplateState(client: PGlite): Promise<TemplateState> {
  const { rows: tables } = await client.query<{ name: string; columns: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name,
       string_agg(format('%I', a.attname), ', ' order by a.attnum) as columns
     from pg_class c
     join pg_namespace n on n.oid = c.relnamespace
     join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
     group by 1 order by 1`,
  )
  const rows: TemplateState['rows'] = []
  for (const { name, columns } of tables) {
    const { rows: dump } = await client.query<{ json: string | null }>(
      `select json_agg(t)::text as json from ${name} t`,
    )
    if (!dump[0]?.json) continue
    rows.push({
      insert: `insert into ${name} (${columns}) overriding system value
        select ${columns} from json_populate_recordset(null::${name}, $1)`,
      json: dump[0].json,
    })
  }
  const { rows: written } = await client.query<{ query: string }>(
    `select string_agg(format('select %L as name where pg_relation_size(%L) > 0', name, name), ' union all ')
       as query
     from unnest($1::text[]) as name`,
    [tables.map((table) => table.name)],
  )
  const { rows: sequenceRows } = await client.query<{ statement: string }>(
    `select format('select setval(%L, %s, %s);', format('%I.%I', schemaname, sequencename),
       coalesce(last_value, start_value), case when last_value is null then 'false' else 'true' end)
       as statement
     from pg_sequences`,
  )
  return {
    writtenTables: written[0]?.query ?? 'select null::text as name where false',
    rows,
    sequences: sequenceRows.map((row) => row.statement).join('\n'),
    schema: await schemaOf(client),
  }
}

/**
 * A digest of the user schemas: relations, columns, constraints, indexes, triggers (and whether
 * they fire), views, sequences' settings, enums and functions.
 */
async function schemaOf(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ digest: string }>(`
    with user_namespaces as (
      select oid from pg_namespace where nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
    )
    select md5(string_agg(item, e'\\n' order by item)) as digest from (
      select format('rel %s %s %s', c.oid::regclass, c.relkind, c.relrowsecurity) as item
        from pg_class c where c.relnamespace in (select oid from user_namespaces)
      union all
      select format('col %s.%s %s %s %s %s %s', a.attrelid::regclass, a.attname,
          format_type(a.atttypid, a.atttypmod), a.attnotnull, a.attidentity, a.attgenerated,
          pg_get_expr(d.adbin, d.adrelid))
        from pg_attribute a
        join pg_class c on c.oid = a.attrelid
        left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
        where c.relnamespace in (select oid from user_namespaces) and a.attnum > 0 and not a.attisdropped
      union all
      select format('con %s %s %s', conrelid::regclass, conname, pg_get_constraintdef(oid))
        from pg_constraint where connamespace in (select oid from user_namespaces)
      union all
      select format('idx %s', pg_get_indexdef(i.indexrelid))
        from pg_index i join pg_class c on c.oid = i.indexrelid
        where c.relnamespace in (select oid from user_namespaces)
      union all
      select format('trg %s %s %s', tgrelid::regclass, tgenabled, pg_get_triggerdef(oid))
        from pg_trigger where not tgisinternal
      union all
      select format('view %s %s', c.oid::regclass, pg_get_viewdef(c.oid))
        from pg_class c where c.relkind in ('v', 'm') and c.relnamespace in (select oid from user_namespaces)
      union all
      select format('seq %s %s %s %s %s %s', seqrelid::regclass, seqstart, seqincrement, seqmin, seqmax, seqcycle)
        from pg_sequence
      union all
      select format('enum %s %s %s', enumtypid::regtype, enumsortorder, enumlabel) from pg_enum
      union all
      select format('fn %s %s', p.oid::regprocedure, md5(p.prosrc))
        from pg_proc p where p.pronamespace in (select oid from user_namespaces)
    ) items`)
  return rows[0]?.digest ?? ''
}
