// The catalogue's own CSV layout (issue 37): what the export writes and the import reads back.
// One row a piece; several pictures and their alt texts one per line inside their cell.

export const CATALOG_CSV_COLUMNS = [
  'ID',
  'SKU',
  'Name',
  'Short Description',
  'Description',
  'Price',
  'Original Price',
  'Cost',
  'Category',
  'Type',
  'Color',
  'Inner Diameter (mm)',
  'Weight',
  'Dimensions',
  'Jade Type',
  'Origin',
  'Certification',
  'Certificate URL',
  'Featured',
  'Status',
  'Stock',
  'Images',
  'Image Alt Texts',
  'Sold At',
  'Sold Price',
  'Created At',
  'Updated At',
] as const
export type CatalogCsvColumn = (typeof CATALOG_CSV_COLUMNS)[number]

/** Between the pictures (and between their alt texts) of one piece, inside one cell. */
export const CSV_LIST_SEPARATOR = '\n'

export const catalogExportFileName = (day: string) => `jade-shop-products-${day}.csv`
