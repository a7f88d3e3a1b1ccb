import { PRODUCT_CATEGORIES, type ProductCategory, type ProductType } from '../../../shared/catalog/rules'
import type { ImportFormat } from '../../../shared/catalog-import/schema'
import type { StagedRow } from './staged-rows'

// A source's words for a piece's kind (Shopify's Type, Product Category and Tags; a spreadsheet's
// Category) read as the shop's category and type. What cannot be read is asked of the owner.

const WORDS: Record<string, { category: ProductCategory; type: ProductType }> = {
  bangle: { category: 'bangles', type: 'bangle' },
  bracelet: { category: 'bracelets', type: 'bracelet' },
  earring: { category: 'earrings', type: 'earring' },
  stud: { category: 'earrings', type: 'earring' },
  hoop: { category: 'earrings', type: 'earring' },
  necklace: { category: 'necklaces', type: 'necklace' },
  pendant: { category: 'necklaces', type: 'pendant' },
  charm: { category: 'necklaces', type: 'pendant' },
  ring: { category: 'rings', type: 'ring' },
}

const TYPE_OF: Record<ProductCategory, ProductType> = {
  bangles: 'bangle',
  bracelets: 'bracelet',
  earrings: 'earring',
  necklaces: 'necklace',
  rings: 'ring',
}

/** The category and type a source value names, if it names one ("Rings", "Jade Pendant", "… > Earrings"). */
export function readKind(value: string): { category: ProductCategory; type: ProductType } | undefined {
  // Shopify's standard taxonomy is a path; its last step is the most precise.
  const last = value.split('>').pop()!.trim().toLowerCase()
  if (last === '') return undefined
  if ((PRODUCT_CATEGORIES as readonly string[]).includes(last))
    return { category: last as ProductCategory, type: TYPE_OF[last as ProductCategory] }
  const words = last.split(/[^a-z]+/).map((word) => word.replace(/s$/, ''))
  // The last word that names a kind wins: "jade bangle bracelet" is a bracelet.
  for (const word of words.reverse()) if (WORDS[word]) return WORDS[word]
  return undefined
}

export const typeOfCategory = (category: ProductCategory): ProductType => TYPE_OF[category]

/** The owner's choice for an unmapped value, matched as the preview listed it (case aside). */
export function mappedCategory(map: Record<string, string>, source: string): string | undefined {
  const wanted = source.trim().toLowerCase()
  for (const [key, category] of Object.entries(map)) if (key.trim().toLowerCase() === wanted) return category
  return undefined
}

/**
 * The row in the category the owner chose for its source's words: a Shopify piece whose kind
 * could not be read takes that category's type.
 */
export function inChosenCategory(row: StagedRow, category: string, format: ImportFormat): StagedRow {
  const typeFromCategory = row.category === null && row.fields.type === 'other' && format === 'shopify'
  return typeFromCategory
    ? { ...row, fields: { ...row.fields, type: typeOfCategory(category as ProductCategory) } }
    : row
}
