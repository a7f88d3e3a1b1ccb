import { useQuery } from '@tanstack/react-query'
import { ArrowLeft } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import type { AdminProduct } from '../../../shared/catalog-admin'
import { centsToDollars, dollarsToCents, formatCents } from '../../../shared/money'
import { SALE_PAYMENT_METHODS } from '../../../shared/orders'
import { type SaleFormInput, saleFormSchema } from '../../../shared/sales'
import { failureMessage } from '../../lib/mutation-toasts'
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
import { MethodField } from '../orders/payment-fields'
import { taxQueries } from '../settings/tax/api'
import { salesQueries, useRecordSale } from './api'
import { EMPTY_SALE_TAX, type SaleTaxDraft, SaleTaxField, saleTax } from './sale-tax-field'

/**
 * Record Sale: pick an unsold piece in stock, then the Mark as Sold form; `initialPiece` opens the
 * form with that piece already chosen (the products page's "Record a sale instead").
 */
export function RecordSaleDialog({
  open,
  onClose,
  initialPiece,
}: {
  open: boolean
  onClose: () => void
  initialPiece?: AdminProduct
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
          <MarkAsSoldForm key={piece.id} piece={piece} onBack={() => setPiece(undefined)} onDone={close} />
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

type Errors = Partial<Record<keyof SaleFormInput | 'form', string>>

function MarkAsSoldForm({
  piece,
  onBack,
  onDone,
}: {
  piece: AdminProduct
  onBack: () => void
  onDone: () => void
}) {
  const id = useId()
  const record = useRecordSale()
  const [values, setValues] = useState<Record<keyof SaleFormInput, string>>({
    salePrice: String(centsToDollars(piece.price)),
    cost: piece.cost === null ? '' : String(centsToDollars(piece.cost)),
    paymentMethod: 'zelle',
    customerName: '',
    customerEmail: '',
    notes: '',
  })
  const [errors, setErrors] = useState<Errors>({})
  const [tax, setTax] = useState<SaleTaxDraft>(EMPTY_SALE_TAX)
  const [taxError, setTaxError] = useState<string>()
  const taxOn = !!useQuery(taxQueries.settings()).data?.enabled
  const set = (name: keyof SaleFormInput) => (value: string) => {
    setValues((current) => ({ ...current, [name]: value }))
    setErrors((current) => ({ ...current, [name]: undefined, form: undefined }))
  }

  const price = Number(values.salePrice)
  const cost = Number(values.cost)
  const estimate =
    values.cost.trim() && Number.isFinite(cost) && values.salePrice.trim() && Number.isFinite(price)
      ? formatCents(dollarsToCents(price) - dollarsToCents(cost))
      : undefined

  async function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = saleFormSchema.safeParse(values)
    if (!parsed.success) {
      const next: Errors = {}
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof SaleFormInput
        next[field] ??= issue.message
      }
      return setErrors(next)
    }
    const place = taxOn ? saleTax(tax) : undefined
    if (place && 'error' in place) return setTaxError(place.error)
    try {
      await record.mutateAsync({ productId: piece.id, ...parsed.data, ...(place ? { tax: place } : {}) })
      onDone()
    } catch (failure) {
      setErrors({ form: failureMessage(failure) })
    }
  }

  const field = (name: keyof SaleFormInput, label: string, props: Record<string, unknown> = {}) => (
    <FormField label={label} htmlFor={`${id}-${name}`} error={errors[name]}>
      <Input
        id={`${id}-${name}`}
        value={values[name]}
        onChange={(event) => set(name)(event.target.value)}
        {...props}
      />
    </FormField>
  )

  return (
    <form onSubmit={submit} noValidate>
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
        {field('cost', 'Cost Basis ($)', { inputMode: 'decimal', placeholder: 'Optional' })}
        <p className="rounded-md bg-sand px-3 py-2 text-sm sm:col-span-2" aria-live="polite">
          <span className="text-ink-muted">Estimated profit: </span>
          <span className="font-medium tabular-nums text-ink">{estimate ?? 'Enter cost to calculate'}</span>
        </p>
        <MethodField
          label="Payment Method"
          htmlFor={`${id}-paymentMethod`}
          error={errors.paymentMethod}
          methods={SALE_PAYMENT_METHODS}
          value={values.paymentMethod}
          onChange={set('paymentMethod')}
        />
        {field('customerName', 'Customer Name', { autoComplete: 'off' })}
        <SaleTaxField
          id={id}
          draft={tax}
          error={taxError}
          onChange={(next) => {
            setTax(next)
            setTaxError(undefined)
          }}
        />
        <div className="sm:col-span-2">
          {field('customerEmail', 'Customer Email', { type: 'email', autoComplete: 'off' })}
        </div>
        <FormField label="Notes" htmlFor={`${id}-notes`} error={errors.notes} className="sm:col-span-2">
          <Textarea
            id={`${id}-notes`}
            rows={2}
            value={values.notes}
            onChange={(event) => set('notes')(event.target.value)}
          />
        </FormField>
      </div>
      {errors.form && (
        <p role="alert" className="mb-3 text-sm text-destructive">
          {errors.form}
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
