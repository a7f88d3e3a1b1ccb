import { useQuery } from '@tanstack/react-query'
import { Download, PackageSearch, Plus, Upload } from 'lucide-react'
import { useMemo, useState } from 'react'
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router'
import { catalogAdminContract } from '../../../shared/catalog/admin-contract'
import {
  ADMIN_PRODUCT_SORT_LABELS,
  ADMIN_PRODUCT_SORTS,
  type AdminProduct,
} from '../../../shared/catalog/admin-schema'
import { productFormValues } from '../../../shared/catalog/product-schema'
import {
  capitalize,
  PRODUCT_CATEGORIES,
  PRODUCT_STATUS_LABELS,
  PRODUCT_STATUSES,
} from '../../../shared/catalog/rules'
import { cn } from '../../lib/cn'
import { useFailureToast } from '../../lib/use-failure-toast'
import { useListParams } from '../../lib/use-list-params'
import { Button } from '../../ui/button'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { EmptyState } from '../../ui/empty-state'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs'
import { useAccess } from '../access'
import { ListTable } from '../list-table'
import { ListSelect, ListToolbar, SortSelect } from '../list-toolbar'
import { PageHeader } from '../page-header'
import { RecordSaleDialog } from '../sales/record-sale-dialog'
import { PRODUCT_FILTERS, productsPageQuery, useCreateProduct, useDeleteProduct, useMarkSold } from './api'
import { EditProductDialog } from './edit-product-dialog'
import { ImportDialog } from './import-dialog'
import { productColumns } from './product-columns'
import { NEW_PRODUCT, ProductForm } from './product-form'

// '' lifts the category filter.
const CATEGORY_FILTERS = ['', ...PRODUCT_CATEGORIES] as const
const categoryLabel = (category: string) => (category ? capitalize(category) : 'All categories')

export function ProductsPage() {
  const list = useListParams(PRODUCT_FILTERS)
  const categories = list.oneOf('category', CATEGORY_FILTERS)
  // Editing needs product changes; a new piece (by hand or imported) also sets its price.
  const { can } = useAccess()
  const canEdit = can('products:edit')
  const canAdd = canEdit && can('products:prices')
  const tab = list.filters.tab === 'new' && canAdd ? 'new' : 'all'
  const [editing, setEditing] = useState<AdminProduct>()
  const [selling, setSelling] = useState<AdminProduct>()
  const [recordingSale, setRecordingSale] = useState<AdminProduct>()
  const [deleting, setDeleting] = useState<AdminProduct>()
  const create = useCreateProduct()
  const markSold = useMarkSold()
  const remove = useDeleteProduct()
  // The import lives at /admin/products/import, its step in ?id=, so a reload finds it again.
  const location = useLocation()
  const navigate = useNavigate()
  const [searchParams] = useSearchParams()
  const importing = /\/products\/import\/?$/.test(location.pathname)
  const importsBase = location.pathname.replace(/(\/import)?\/?$/, '')

  const query = useQuery(productsPageQuery(list.params))
  useFailureToast('Failed to fetch products', query.error)

  const columns = useMemo(
    () =>
      productColumns(
        canEdit ? { onEdit: setEditing, onMarkSold: setSelling, onDelete: setDeleting } : undefined,
      ),
    [canEdit],
  )
  const counts = query.data?.statusCounts
  const filtering = !!(list.search || list.filters.status || list.filters.category)

  return (
    <>
      <PageHeader
        title="Products"
        description={
          counts
            ? `${counts.all} pieces · ${counts.available} available · ${counts.reserved} reserved`
            : 'Your catalogue'
        }
        actions={
          tab === 'all' && (
            <>
              {canAdd && (
                <Button variant="secondary" asChild>
                  <Link to={`${importsBase}/import`}>
                    <Upload className="size-4" aria-hidden /> Import
                  </Link>
                </Button>
              )}
              <Button variant="secondary" asChild>
                <a href={catalogAdminContract.exportCsv.path} download>
                  <Download className="size-4" aria-hidden /> Export CSV
                </a>
              </Button>
              {canAdd && (
                <Button onClick={() => list.setFilter('tab', 'new')}>
                  <Plus className="size-4" aria-hidden /> Add Product
                </Button>
              )}
            </>
          )
        }
      />
      <Tabs value={tab} onValueChange={(value) => list.setFilter('tab', value === 'new' ? 'new' : undefined)}>
        <TabsList>
          <TabsTrigger value="all">All Products</TabsTrigger>
          {canAdd && <TabsTrigger value="new">Add New Product</TabsTrigger>}
        </TabsList>

        <TabsContent value="all">
          <ListToolbar
            list={list}
            label="Search products"
            placeholder="Search by name, category or SKU"
            wideFrom="lg"
          >
            <div className="flex gap-2">
              <ListSelect label="Category" choice={categories} labels={categoryLabel} className="sm:w-44" />
              <SortSelect
                list={list}
                sorts={ADMIN_PRODUCT_SORTS}
                labels={ADMIN_PRODUCT_SORT_LABELS}
                className="sm:w-48"
              />
            </div>
          </ListToolbar>
          <StatusFilter
            value={list.filters.status}
            counts={counts}
            onChange={(status) => list.setFilter('status', status)}
          />
          <ListTable
            caption="Products"
            noun={{ one: 'product', other: 'products' }}
            columns={columns}
            list={list}
            query={query}
            defaultSort="newest"
            empty={
              filtering ? (
                <EmptyState
                  icon={<PackageSearch className="size-7" aria-hidden />}
                  title="No products found"
                  description={
                    list.search ? `No products match "${list.search}".` : 'No products match these filters.'
                  }
                  action={
                    <Button variant="secondary" onClick={() => list.clear('status', 'category')}>
                      Clear filters
                    </Button>
                  }
                />
              ) : (
                <EmptyState
                  icon={<PackageSearch className="size-7" aria-hidden />}
                  title="No products yet"
                  description={
                    canAdd
                      ? 'Add your first piece: photographs, price and story.'
                      : 'Pieces added to the shop appear here.'
                  }
                  action={canAdd && <Button onClick={() => list.setFilter('tab', 'new')}>Add Product</Button>}
                />
              )
            }
          />
        </TabsContent>

        {/* Kept mounted: switching tabs never throws away a half-written product. */}
        {canAdd && (
          <TabsContent value="new" forceMount className="data-[state=inactive]:hidden">
            <ProductForm
              idPrefix="new-product"
              initial={NEW_PRODUCT}
              submitLabel="Create Product"
              pendingLabel="Creating…"
              resetOnSuccess
              onSubmit={async (input) => {
                await create.mutateAsync(input)
                list.setFilter('tab', undefined)
              }}
            />
          </TabsContent>
        )}
      </Tabs>

      {editing && (
        <EditProductDialog
          product={editing}
          initial={productFormValues({ ...editing, cost: editing.cost ?? null })}
          onClose={() => setEditing(undefined)}
        />
      )}
      <ConfirmDialog
        open={!!selling}
        onOpenChange={(open) => !open && setSelling(undefined)}
        title="Mark as Sold?"
        description={`"${selling?.name}" will be hidden from the storefront. Its inventory record is kept, with today as its sale date. It books no sale: the Sales page and its figures will not count it.`}
        confirmLabel="Mark as Sold"
        pendingLabel="Marking…"
        onConfirm={() => markSold.mutateAsync(selling!.id)}
      >
        {can('sales:record') && (
          <p className="text-sm text-ink-muted">
            Sold it to someone?{' '}
            <button
              type="button"
              className="font-medium text-jade-800 underline underline-offset-2 hover:text-jade-900"
              onClick={() => {
                setRecordingSale(selling)
                setSelling(undefined)
              }}
            >
              Record a sale instead
            </button>
            , with its price and buyer.
          </p>
        )}
      </ConfirmDialog>
      {recordingSale && (
        <RecordSaleDialog open initialPiece={recordingSale} onClose={() => setRecordingSale(undefined)} />
      )}
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(undefined)}
        title="Delete product?"
        description={`This will permanently delete "${deleting?.name}" and its images. This action cannot be undone.`}
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        destructive
        onConfirm={() => remove.mutateAsync(deleting!.id)}
      />
      <ImportDialog
        open={importing && canAdd}
        importId={importing && canAdd ? (searchParams.get('id') ?? undefined) : undefined}
        onImportId={(id) =>
          navigate(id ? `${importsBase}/import?id=${encodeURIComponent(id)}` : `${importsBase}/import`, {
            replace: true,
          })
        }
        onClose={() => navigate(importsBase)}
      />
    </>
  )
}

function StatusFilter({
  value,
  counts,
  onChange,
}: {
  value: string | undefined
  counts: Record<string, number> | undefined
  onChange: (status: string | undefined) => void
}) {
  const options = [undefined, ...PRODUCT_STATUSES]
  return (
    <fieldset className="-mx-4 mb-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0">
      <legend className="sr-only">Status</legend>
      {options.map((status) => {
        const active = value === status
        const count = counts?.[status ?? 'all']
        return (
          <button
            key={status ?? 'all'}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(status)}
            className={cn(
              'inline-flex h-9 shrink-0 cursor-pointer items-center gap-2 rounded-full border px-3 text-sm transition-colors',
              active
                ? 'border-jade-700 bg-jade-700 text-ivory'
                : 'border-ink/20 text-ink hover:border-ink/50',
            )}
          >
            {status ? PRODUCT_STATUS_LABELS[status] : 'All'}
            {count !== undefined && (
              <span className={cn('tabular-nums text-xs', active ? 'text-ivory/80' : 'text-ink-muted')}>
                {count}
              </span>
            )}
          </button>
        )
      })}
    </fieldset>
  )
}
