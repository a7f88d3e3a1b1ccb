import { and, asc, eq, gt, isNotNull, lt, or, sql } from 'drizzle-orm'
import { productInputSchema } from '../../../shared/catalog/product-schema'
import type { ImportFormat, ImportRowError } from '../../../shared/catalog-import/schema'
import type { Database, DbOrTx } from '../../db/client'
import { isDomainError } from '../../errors'
import { createProduct, updateProduct } from '../catalog/admin-service'
import type { ProductRow } from '../catalog/service'
import type { FileStore } from '../media/file-store'
import { processImage } from '../media/image-pipeline'
import { inChosenCategory, mappedCategory } from './categories'
import { fetchPicture, PictureFetchError } from './fetch-picture'
import { isWebAddress, rememberPicture, shownBy, sourceOfBytes, storedPictures } from './picture-sources'
import { FORMAT_COLUMNS, keptAsIs, productsBySku, sameProduct, sortErrors } from './preview'
import { productImportRows, productImports } from './schema'
import { productInput, type StagedRow, zodProblems } from './staged-rows'
import { pictureName, ZipError, ZipPictures } from './zip-pictures'

// The import itself, in the background: row after row through the same services as the product
// form (so stock rules, SKU uniqueness and picture clean-up hold), progress saved as it goes so
// any instance can report it and a killed one's import is taken over where it stopped. One bad
// row is reported and skipped; the catalogue is announced as changed once, at the end.

/** Progress is saved at least this often, and after every batch of rows. */
const SAVE_EVERY_MS = 1000
const SAVE_EVERY_ROWS = 25
/** Staged rows are read back this many at a time. */
const PAGE_ROWS = 100
/** A running import whose heartbeat is older than this was left by a stopped instance. */
export const STALE_AFTER_MS = 60_000

export interface ImportRunnerDeps {
  db: Database
  files: FileStore
  allowHosts: readonly string[]
  /** How long one picture by web address may take (IMPORT_FETCH_TIMEOUT_MS). */
  fetchTimeoutMs?: number
  log: { warn(obj: unknown, msg: string): void; error(obj: unknown, msg: string): void }
  /** Told once an import has finished writing (the catalogue's one change). */
  onCatalogChanged: () => void
}

export class ImportRunner {
  private readonly running = new Map<string, Promise<void>>()
  private halting = false

  constructor(private readonly deps: ImportRunnerDeps) {}

  /** Starts the import in the background, unless it is already running here or elsewhere. */
  run(id: string): void {
    if (this.running.has(id) || this.halting) return
    const job = this.work(id)
      .catch((error) => this.deps.log.error({ err: error, importId: id }, 'catalogue import failed'))
      .finally(() => this.running.delete(id))
    this.running.set(id, job)
  }

  /** Confirmed imports no instance is working on (one stopped mid-way): taken over here. */
  async resumeStale(): Promise<void> {
    const stale = await this.deps.db.select({ id: productImports.id }).from(productImports).where(claimable())
    for (const { id } of stale) this.run(id)
  }

  /** Shutdown: the row in hand finishes, the rest waits for another instance or a restart. */
  async stop(): Promise<void> {
    this.halting = true
    await Promise.all([...this.running.values()])
  }

  /** Resolves when the import running here (if any) is over; tests wait on it. */
  async settled(id: string): Promise<void> {
    await this.running.get(id)
  }

  private async work(id: string): Promise<void> {
    const { db } = this.deps
    const [job] = await db
      .update(productImports)
      .set({ status: 'running', heartbeatAt: new Date(), updatedAt: new Date() })
      .where(and(eq(productImports.id, id), claimable()))
      .returning()
    if (!job) return
    const format = job.format as ImportFormat
    const state = {
      rowsDone: job.rowsDone,
      created: job.created,
      updated: job.updated,
      unchanged: job.unchanged,
      imagesFetched: job.imagesFetched,
      errors: job.errors as ImportRowError[],
    }
    const save = (extra: Partial<typeof productImports.$inferInsert> = {}, on: DbOrTx = db) =>
      on
        .update(productImports)
        .set({
          ...state,
          errors: sortErrors(state.errors),
          heartbeatAt: new Date(),
          updatedAt: new Date(),
          ...extra,
        })
        .where(eq(productImports.id, id))
    try {
      let zip: ZipPictures | undefined
      try {
        zip = job.images ? await ZipPictures.open(job.images) : undefined
      } catch (error) {
        if (!(error instanceof ZipError)) throw error
      }
      let savedAt = performance.now()
      let sinceSave = 0
      for await (const row of this.stagedRows(id, state.rowsDone)) {
        if (this.halting) {
          await save()
          return
        }
        const outcome = await this.importRow(row, format, job.categoryMap, zip, state)
        if (outcome === 'created') state.created++
        else if (outcome === 'updated') state.updated++
        else if (outcome === 'unchanged') state.unchanged++
        state.rowsDone++
        sinceSave++
        if (sinceSave >= SAVE_EVERY_ROWS || performance.now() - savedAt > SAVE_EVERY_MS) {
          await save()
          savedAt = performance.now()
          sinceSave = 0
        }
      }
      // The staged rows and pictures have served; the counts and errors are the report.
      await db.transaction(async (tx) => {
        await save({ status: 'done', images: null }, tx)
        await tx.delete(productImportRows).where(eq(productImportRows.importId, id))
      })
      if (state.created + state.updated > 0) this.deps.onCatalogChanged()
    } catch (error) {
      await save({ status: 'failed' }).catch(() => {})
      // What was written is live: the storefront must see it even though the job stopped.
      this.deps.onCatalogChanged()
      throw error
    }
  }

  /** The staged rows from the `skip`th on, in file order, read a page at a time. */
  private async *stagedRows(id: string, skip: number): AsyncGenerator<StagedRow> {
    let after: number | undefined
    for (;;) {
      const page = await this.deps.db
        .select({ line: productImportRows.line, row: productImportRows.row })
        .from(productImportRows)
        .where(
          and(
            eq(productImportRows.importId, id),
            after === undefined ? undefined : gt(productImportRows.line, after),
          ),
        )
        .orderBy(asc(productImportRows.line))
        .offset(after === undefined ? skip : 0)
        .limit(PAGE_ROWS)
      for (const { row } of page) yield row as StagedRow
      if (page.length < PAGE_ROWS) return
      after = page.at(-1)!.line
    }
  }

  private async importRow(
    row: StagedRow,
    format: ImportFormat,
    categoryMap: Record<string, string>,
    zip: ZipPictures | undefined,
    state: { imagesFetched: number; errors: ImportRowError[] },
  ): Promise<'created' | 'updated' | 'unchanged' | 'skipped'> {
    const columns = FORMAT_COLUMNS[format]
    const problem = (column: string, message: string) => {
      state.errors.push({ line: row.line, column, message })
      return 'skipped' as const
    }
    const category = row.category ?? mappedCategory(categoryMap, row.sourceCategory)
    if (!category)
      return problem(
        columns.category!,
        `“${row.sourceCategory}” was not given one of the shop's categories, so the piece was not imported`,
      )
    const staged = inChosenCategory(row, category, format)
    const { db, files } = this.deps
    const current = (await productsBySku(db, [row.sku])).get(row.sku.toUpperCase())
    const pictures: { url: string; alt: string }[] = []
    for (const image of row.images) {
      try {
        const url = keptAsIs(image.ref, current)
          ? image.ref
          : await this.picture(image.ref, zip, current, state)
        pictures.push({ url, alt: image.alt })
      } catch (error) {
        if (error instanceof PictureFetchError || error instanceof ZipError || isDomainError(error))
          return problem(columns.imageUrls!, error.message)
        throw error
      }
    }
    const parsed = productInputSchema.safeParse(productInput(staged, category, pictures))
    if (!parsed.success) {
      state.errors.push(...zodProblems(row.line, parsed.error, columns))
      return 'skipped'
    }
    try {
      if (!current) {
        const { sale } = row
        await createProduct(
          db,
          parsed.data,
          sale && { soldAt: sale.at === null ? null : new Date(sale.at), soldPrice: sale.price },
        )
        return 'created'
      }
      if (sameProduct(parsed.data, current, row)) return 'unchanged'
      await updateProduct(db, files, current.id, parsed.data)
      return 'updated'
    } catch (error) {
      if (!isDomainError(error)) throw error
      const field = error.errors?.[0]?.field as keyof typeof columns | undefined
      return problem((field && columns[field]) || columns.name!, error.message)
    }
  }

  /**
   * A picture's stored path, from the ZIP by name or fetched by URL: the one an earlier import
   * stored from the same source when the piece still shows it, or else stored now.
   */
  private async picture(
    ref: string,
    zip: ZipPictures | undefined,
    current: ProductRow | undefined,
    state: { imagesFetched: number },
  ): Promise<string> {
    const { db, files } = this.deps
    // As sourceOf reads it, without reading the ZIP's entry twice.
    const inZip = await zip?.read(ref)
    if (!inZip && !isWebAddress(ref)) throw new ZipError(`${pictureName(ref)} is not in the ZIP of pictures`)
    const source = inZip ? sourceOfBytes(inZip) : ref
    const before = shownBy((await storedPictures(db, [source])).get(source), current?.imageUrls)
    if (before) return before
    const data =
      inZip ??
      (await fetchPicture(ref, { allowHosts: this.deps.allowHosts, timeoutMs: this.deps.fetchTimeoutMs }))
    const stored = await processImage(data, files, { fileName: inZip ? pictureName(ref) : ref })
    await rememberPicture(db, source, stored.url)
    state.imagesFetched++
    return stored.url
  }
}

/** Confirmed, and either waiting or left behind by an instance that stopped. */
const claimable = () =>
  and(
    isNotNull(productImports.confirmedAt),
    or(
      eq(productImports.status, 'pending'),
      and(
        eq(productImports.status, 'running'),
        lt(productImports.heartbeatAt, sql`now() - ${`${STALE_AFTER_MS / 1000} seconds`}::interval`),
      ),
    ),
  )
