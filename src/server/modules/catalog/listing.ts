import { and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm'
import { z } from 'zod'
import {
  BANGLE_SIZES,
  type BangleSize,
  type FacetCount,
  type ListingFacets,
  type ProductStatus,
  type SortOption,
} from '../../../shared/catalog/rules'
import type { Database, DbOrTx } from '../../db/client'
import { containsPattern, toPage } from '../../db/paging'
import { queryRows } from '../../db/query-rows'
import { products } from './schema'
import type { ProductRow } from './service'

// The public listing, filtered, searched, sorted and paged in SQL: a page of 24 costs the same
// whether the shop has 20 pieces or 20,000.

export interface ProductQuery {
  featured?: boolean
  category?: string
  color?: string
  size?: BangleSize
  q?: string
  sort?: SortOption
  includeSold?: boolean
  /** Drafts too: the back office's view. */
  includeAll?: boolean
}

export interface PageWindow {
  page: number
  pageSize: number
}

/**
 * What the storefront's search looks in. `products_storefront_search_trgm_idx` (migration 0012) is
 * built on exactly this expression, so both the "contains" and the typo-tolerant match use it.
 */
const SEARCH_TEXT = sql`lower(${products.name} || ' ' || coalesce(${products.sku}, '') || ' ' || ${products.category} || ' ' || ${products.color} || ' ' || ${products.shortDescription} || ' ' || ${products.description})`

/**
 * How alike a searched word and a word of the piece must be (pg_trgm's word similarity, 0 to 1).
 * 0.45 lets one wrong, missing or swapped letter through in a word of five or more ("bangel",
 * "emrald", "lavendar") without matching unrelated words.
 */
const WORD_SIMILARITY = 0.45
/** A search of more words than this looks at the first ones only. */
const MAX_SEARCH_WORDS = 6

/** The words of a search, lower case, as the matching and the ranking read them. */
export function searchWords(q: string | undefined): string[] {
  if (!q) return []
  return q.toLowerCase().split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS)
}

/** Every word found in the piece: anywhere as typed, or as a word that looks like it. */
function searchCondition(words: string[]): SQL | undefined {
  if (words.length === 0) return undefined
  return and(
    ...words.map((word) => sql`(${SEARCH_TEXT} like ${containsPattern(word)} or ${word} <% ${SEARCH_TEXT})`),
  )
}

/** Closer matches first, and a match in the name counts twice. */
function relevance(words: string[]): SQL {
  const scores = words.map(
    (word) =>
      sql`(2 * word_similarity(${word}, lower(${products.name})) + word_similarity(${word}, ${SEARCH_TEXT}))`,
  )
  return sql.join(scores, sql` + `)
}

const FILTERS = ['category', 'color'] as const
type Filter = (typeof FILTERS)[number]

// A chip's count as listingFacets reads it, checked outside production only (a hot path).
const FacetRow = z.object({
  facet: z.enum(FILTERS),
  name: z.string(),
  count: z.number().int(),
}) satisfies z.ZodType<FacetCount & { facet: Filter }>

function listingConditions(query: ProductQuery, leaveOut?: Filter): SQL[] {
  const conditions: SQL[] = []
  if (!query.includeAll) {
    const visible: ProductStatus[] = query.includeSold
      ? ['available', 'reserved', 'sold']
      : ['available', 'reserved']
    conditions.push(inArray(products.status, visible))
  }
  if (query.featured) conditions.push(eq(products.featured, true))
  if (query.category && leaveOut !== 'category')
    conditions.push(eq(sql`lower(${products.category})`, query.category.toLowerCase()))
  if (query.color && leaveOut !== 'color')
    conditions.push(eq(sql`lower(${products.color})`, query.color.toLowerCase()))
  if (query.size) {
    const range = BANGLE_SIZES[query.size]
    conditions.push(eq(products.type, 'bangle'), gte(products.innerDiameterMm, range.min))
    if (range.max !== null) conditions.push(lte(products.innerDiameterMm, range.max))
  }
  const search = searchCondition(searchWords(query.q))
  if (search) conditions.push(search)
  return conditions
}

const ORDERINGS: Record<SortOption, SQL[]> = {
  'name-asc': [asc(sql`lower(${products.name})`), asc(products.id)],
  'name-desc': [desc(sql`lower(${products.name})`), desc(products.id)],
  'price-asc': [asc(products.price), asc(products.id)],
  'price-desc': [desc(products.price), desc(products.id)],
}

/** A search without a chosen order shows the closest matches first. */
function ordering(query: ProductQuery): SQL[] {
  const words = searchWords(query.q)
  if (!query.sort && words.length > 0) return [desc(relevance(words)), ...ORDERINGS['name-asc']]
  return ORDERINGS[query.sort ?? 'name-asc']
}

/**
 * Runs a listing's reads with the search's similarity threshold and plans made for the actual
 * values (a generic plan would not ask the trigram index). Without a search, no transaction.
 */
function reading<T>(db: Database, query: ProductQuery, run: (tx: DbOrTx) => Promise<T>): Promise<T> {
  if (searchWords(query.q).length === 0) return run(db)
  return db.transaction(
    async (tx) => {
      await tx.execute(
        sql`select set_config('plan_cache_mode', 'force_custom_plan', true), set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY)}, true)`,
      )
      return run(tx)
    },
    { accessMode: 'read only' },
  )
}

/** Every matching piece: the specification's plain-array listing, and the back office's catalogue. */
export function listProducts(db: Database, query: ProductQuery = {}): Promise<ProductRow[]> {
  return reading(db, query, (tx) =>
    tx
      .select()
      .from(products)
      .where(and(...listingConditions(query)))
      .orderBy(...ordering(query)),
  )
}

/** One page of the listing and how many pieces the whole filter has. */
export function listProductPage(
  db: Database,
  query: ProductQuery,
  window: PageWindow,
): Promise<{ items: ProductRow[]; total: number }> {
  const where = and(...listingConditions(query))
  return reading(db, query, async (tx) => {
    const rows = await tx
      .select({ product: products, total: sql<number>`count(*) over ()` })
      .from(products)
      .where(where)
      .orderBy(...ordering(query))
      .limit(window.pageSize)
      .offset((window.page - 1) * window.pageSize)
    return toPage(
      rows,
      (row) => row.product,
      async () => {
        const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(products).where(where)
        return Number(count?.n ?? 0)
      },
    )
  })
}

/** Counts for the category and colour chips, each with every other filter applied: one round trip. */
export function listingFacets(db: Database, query: ProductQuery): Promise<ListingFacets> {
  const counts = (facet: Filter, column: SQL) =>
    sql`select ${facet}::text as facet, ${column} as name, count(*)::int as count from ${products}
      where ${and(...listingConditions(query, facet)) ?? sql`true`} and ${column} <> ''
      group by 2`
  return reading(db, query, async (tx) => {
    const rows = await queryRows(
      tx,
      FacetRow,
      sql`${counts('category', sql`lower(${products.category})`)}
        union all ${counts('color', sql`lower(${products.color})`)}
        order by 1, 2`,
    )
    const of = (facet: Filter) =>
      rows.filter((row) => row.facet === facet).map((row) => ({ name: row.name, count: Number(row.count) }))
    return { categories: of('category'), colors: of('color') }
  })
}
