import { Pencil, Star, Tag, Trash2 } from 'lucide-react'
import type { AdminProduct } from '../../../shared/catalog/admin-schema'
import { capitalize, PRODUCT_STATUS_LABELS } from '../../../shared/catalog/rules'
import { formatCents } from '../../../shared/money'
import { Badge } from '../../ui/badge'
import { Button } from '../../ui/button'
import { type DataTableColumn, dataTableColumns } from '../../ui/data-table'
import { IconAction } from '../../ui/icon-action'
import { ProductImage } from '../../ui/product-image'

export interface ProductActions {
  onEdit: (product: AdminProduct) => void
  onMarkSold: (product: AdminProduct) => void
  onDelete: (product: AdminProduct) => void
}

const column = dataTableColumns<AdminProduct>()

/**
 * The products table (back-office.md §2): image, name with Featured, category, price, status, and
 * the actions for a role with product changes (`actions` absent: no actions column).
 */
export function productColumns(actions: ProductActions | undefined): DataTableColumn<AdminProduct>[] {
  const columns = column.columns([
    column.display({
      id: 'image',
      meta: { role: 'media', label: 'Image' },
      cell: ({ row }) => (
        <ProductImage
          url={row.original.imageUrls[0]}
          alt=""
          sizes="64px"
          className="size-14 border border-ink/10"
        />
      ),
    }),
    column.accessor('name', {
      header: 'Name',
      meta: { role: 'primary', sort: { asc: 'name-asc', desc: 'name-desc' } },
      cell: ({ row }) => {
        const product = row.original
        return (
          <div className="min-w-0">
            <span className="flex items-center gap-2">
              <span className="line-clamp-2 font-medium text-ink sm:line-clamp-1">{product.name}</span>
              {product.featured && (
                <Badge variant="gold" className="shrink-0" title="Featured on the home page">
                  <Star className="size-3 fill-current" aria-hidden /> Featured
                </Badge>
              )}
            </span>
            {product.sku && <span className="block text-xs tracking-wide text-ink-muted">{product.sku}</span>}
          </div>
        )
      },
    }),
    column.accessor('category', {
      header: 'Category',
      cell: ({ getValue }) => capitalize(getValue()),
    }),
    column.accessor('price', {
      header: 'Price',
      meta: { align: 'right', sort: { asc: 'price-asc', desc: 'price-desc' } },
      cell: ({ row }) => formatCents(row.original.price),
    }),
    column.accessor('status', {
      header: 'Status',
      cell: ({ row }) => {
        const { status, stockQuantity } = row.original
        return (
          <span className="inline-flex items-center gap-2">
            <Badge variant={status}>{PRODUCT_STATUS_LABELS[status]}</Badge>
            {status === 'available' && stockQuantity !== 1 && (
              <span className="text-xs text-ink-muted tabular-nums">{stockQuantity} in stock</span>
            )}
          </span>
        )
      },
    }),
  ])
  if (!actions) return columns
  return [
    ...columns,
    column.display({
      id: 'actions',
      meta: { role: 'actions', label: 'Actions' },
      cell: ({ row }) => {
        const product = row.original
        return (
          <div className="inline-flex flex-wrap justify-end gap-1">
            <Button variant="ghost" size="sm" onClick={() => actions.onEdit(product)}>
              <Pencil className="size-3.5" aria-hidden /> Edit<span className="sr-only"> {product.name}</span>
            </Button>
            {!product.sold && (
              <Button variant="ghost" size="sm" onClick={() => actions.onMarkSold(product)}>
                <Tag className="size-3.5" aria-hidden /> Mark as Sold
                <span className="sr-only"> {product.name}</span>
              </Button>
            )}
            <IconAction
              label={`Delete ${product.name}`}
              tip="Delete"
              onClick={() => actions.onDelete(product)}
            >
              <Trash2 className="size-4" aria-hidden />
            </IconAction>
          </div>
        )
      },
    }),
  ]
}
