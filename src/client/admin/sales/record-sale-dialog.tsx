import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import { ArrowLeft } from 'lucide-react'
import { useId, useState } from 'react'
import { Controller, type Resolver, useForm } from 'react-hook-form'
import type { z } from 'zod'
import type { AdminProduct } from '../../../shared/catalog/admin-schema'
import { centsToDollars, dollarsToCents, formatCents } from '../../../shared/money'
import { SALE_PAYMENT_METHODS } from '../../../shared/orders/rules'
import { type Sale, type SaleFormInput, saleFormSchema } from '../../../shared/sales/schema'
import { failureMessage } from '../../lib/mutation-toasts'
import { showServerErrors } from '../../lib/server-errors'
import { Button } from '../../ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../ui/dialog'
import { FormField } from '../../ui/form-field'
import { Input } from '../../ui/input'
import { ProductImage } from '../../ui/product-image'
import { SearchInput } from '../../ui/search-input'
import { Skeleton } from '../../ui/skeleton'
import { Textarea } from '../../ui/textarea'
import { useCan } from '../access'
import { MethodField } from '../orders/payment-fields'
import { taxQueries } from '../settings/tax/api'
import { salesQueries, useRecordSale } from './api'
import { EMPTY_SALE_TAX, type SaleTaxDraft, SaleTaxField, saleTaxOf } from './sale-tax-field'

/**
 * Record Sale: pick an unsold piece in stock, then the Mark as Sold form; `initialPiece` opens the
 * form with that piece already chosen (the products page's "Record a sale instead").
 */
export function RecordSaleDialog({
  open,
  onClose,
  initialPiece,
  onRecorded,
}: {
  open: boolean
  onClose: () => void
  initialPiece?: AdminProduct
  onRecorded?: (sale: Sale) => void
}) {
  const [piece, setPiece] = useState<AdminProduct | undefined>(initialPiece)
  const close = () => {
    setPiece(undefined)
    onClose()
  }
  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      <DialogContent className="sm:max-w-lg">
        {piece ? (
          <MarkAsSoldForm
            key={piece.id}
            piece={piece}
            onBack={() => setPiece(undefined)}
            onDone={close}
            onRecorded={onRecorded}
          />
        ) : (
          <PiecePicker onPick={setPiece} />
        )}
      </DialogContent>
    </Dialog>
  )
}

function PiecePicker({ onPick }: { onPick: (piece: AdminProduct) => void }) {
  const [search, setSearch] = useState('')
  const query = useQuery(salesQueries.sellable(search))
  const pieces = query.data?.items.filter((piece) => piece.stockQuantity > 0)
  return (
    <>
      <DialogHeader>
        <DialogTitle>Record Sale</DialogTitle>
        <DialogDescription>
          Choose the piece you sold. Only available pieces in stock are listed, A to Z.
        </DialogDescription>
      </DialogHeader>
      <SearchInput
        label="Search products"
        placeholder="Search by name, category or SKU"
        value={search}
        onSearch={setSearch}
        className="my-3 w-full"
      />
      <div className="max-h-80 overflow-y-auto" aria-busy={!pieces}>
        {!pieces ? (
          <div className="space-y-2">
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} className="h-14 w-full" />
            ))}
          </div>
        ) : pieces.length === 0 ? (
          <p className="py-8 text-center text-sm text-ink-muted">
            {search ? `No available piece matches "${search}".` : 'No piece is available to sell.'}
          </p>
        ) : (
          <ul className="divide-y divide-ink/10" aria-label="Available pieces">
            {pieces.map((piece) => (
              <li key={piece.id}>
                <button
                  type="button"
                  onClick={() => onPick(piece)}
                  className="flex w-full cursor-pointer items-center gap-3 rounded-md px-2 py-2 text-left hover:bg-jade-50 focus-visible:bg-jade-50"
                >
                  <ProductImage
                    url={piece.imageUrls[0]}
                    alt=""
                    sizes="48px"
                    className="size-12 shrink-0 rounded border border-ink/10"
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium text-ink">{piece.name}</span>
                    <span className="block text-xs text-ink-muted">{piece.sku ?? 'No SKU'}</span>
                  </span>
                  <span className="text-sm tabular-nums text-ink">{formatCents(piece.price)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  )
}

/** The Mark as Sold form's fields, as typed (dollars). */
interface SaleDraft {
  salePrice: string
  cost: string
  paymentMethod: SaleFormInput['paymentMethod']
  customerName: string
  customerEmail: string
  notes: string
  tax: SaleTaxDraft
}

type SaleBody = z.output<typeof saleFormSchema>

const checkSale = zodResolver(saleFormSchema)

/** Checks the form by the shared schema, with the sale's tax while the shop collects it (as sent). */
const saleResolver =
  (taxOn: boolean): Resolver<SaleDraft, unknown, SaleBody> =>
  (draft, context, options) =>
    checkSale(
      { ...draft, tax: taxOn ? saleTaxOf(draft.tax) : undefined },
      context,
      options as never,
    ) as ReturnType<Resolver<SaleDraft, unknown, SaleBody>>

function MarkAsSoldForm({
  piece,
  onBack,
  onDone,
  onRecorded,
}: {
  piece: AdminProduct
  onBack: () => void
  onDone: () => void
  onRecorded?: (sale: Sale) => void
}) {
  const id = useId()
  const record = useRecordSale()
  // Cost and profit are for members who may see them; the server refuses a cost from anyone else.
  const withCost = useCan('products:cost')
  const taxOn = !!useQuery(taxQueries.settings()).data?.enabled
  const form = useForm<SaleDraft, unknown, SaleBody>({
    resolver: saleResolver(taxOn),
    defaultValues: {
      salePrice: String(centsToDollars(piece.price)),
      cost: piece.cost == null ? '' : String(centsToDollars(piece.cost)),
      paymentMethod: 'zelle',
      customerName: '',
      customerEmail: '',
      notes: '',
      tax: EMPTY_SALE_TAX,
    },
  })
  const { errors } = form.formState
  // The server's reason when it names no field; gone as soon as anything is changed.
  const [formError, setFormError] = useState<string>()

  const [salePrice, costText, taxAt] = form.watch(['salePrice', 'cost', 'tax.at'])
  const price = Number(salePrice)
  const cost = Number(costText)
  const estimate =
    costText.trim() && Number.isFinite(cost) && salePrice.trim() && Number.isFinite(price)
      ? formatCents(dollarsToCents(price) - dollarsToCents(cost))
      : undefined

  const submit = form.handleSubmit(async (sale) => {
    try {
      const recorded = await record.mutateAsync({ productId: piece.id, ...sale })
      onRecorded?.(recorded)
      onDone()
    } catch (failure) {
      if (!showServerErrors(form, failure)) setFormError(failureMessage(failure))
    }
  })

  const field = (
    name: Exclude<keyof SaleDraft, 'tax'>,
    label: string,
    props: Record<string, unknown> = {},
  ) => (
    <FormField label={label} htmlFor={`${id}-${name}`} error={errors[name]?.message}>
      <Input id={`${id}-${name}`} {...props} {...form.register(name)} />
    </FormField>
  )

  return (
    <form onSubmit={submit} onChange={() => setFormError(undefined)} noValidate>
      <DialogHeader>
        <DialogTitle>Mark as Sold</DialogTitle>
        <DialogDescription className="flex min-w-0 items-center gap-2">
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={onBack}
            className="-ml-2"
            aria-label="Choose another piece"
          >
            <ArrowLeft className="size-4" aria-hidden />
          </Button>
          <span className="min-w-0 truncate">
            {piece.name}
            {piece.sku && <> · {piece.sku}</>}
          </span>
        </DialogDescription>
      </DialogHeader>
      <div className="my-4 grid gap-4 sm:grid-cols-2">
        {field('salePrice', 'Final Sale Price ($)', { inputMode: 'decimal', autoFocus: true })}
        {withCost && field('cost', 'Cost Basis ($)', { inputMode: 'decimal', placeholder: 'Optional' })}
        {withCost && (
          <p className="rounded-md bg-sand px-3 py-2 text-sm sm:col-span-2" aria-live="polite">
            <span className="text-ink-muted">Estimated profit: </span>
            <span className="font-medium tabular-nums text-ink">{estimate ?? 'Enter cost to calculate'}</span>
          </p>
        )}
        <Controller
          control={form.control}
          name="paymentMethod"
          render={({ field: method }) => (
            <MethodField
              label="Payment Method"
              htmlFor={`${id}-paymentMethod`}
              error={errors.paymentMethod?.message}
              methods={SALE_PAYMENT_METHODS}
              value={method.value}
              onChange={method.onChange}
            />
          )}
        />
        {field('customerName', 'Customer Name', { autoComplete: 'off' })}
        <SaleTaxField
          id={id}
          at={taxAt}
          fields={{
            at: form.register('tax.at'),
            state: form.register('tax.address.state'),
            zipCode: form.register('tax.address.zipCode'),
            reason: form.register('tax.reason'),
          }}
          errors={{
            at: errors.tax?.at?.message ?? errors.tax?.message,
            state: errors.tax?.address?.state?.message,
            zipCode: errors.tax?.address?.zipCode?.message,
            reason: errors.tax?.reason?.message,
          }}
        />
        <div className="sm:col-span-2">
          {field('customerEmail', 'Customer Email', { type: 'email', autoComplete: 'off' })}
        </div>
        <FormField
          label="Notes"
          htmlFor={`${id}-notes`}
          error={errors.notes?.message}
          className="sm:col-span-2"
        >
          <Textarea id={`${id}-notes`} rows={2} {...form.register('notes')} />
        </FormField>
      </div>
      {formError && (
        <p role="alert" className="mb-3 text-sm text-destructive">
          {formError}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="secondary" onClick={onDone} disabled={record.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={record.isPending}>
          {record.isPending ? 'Processing Sale...' : 'Complete Sale'}
        </Button>
      </DialogFooter>
    </form>
  )
}
