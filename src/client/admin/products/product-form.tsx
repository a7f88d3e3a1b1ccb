import { zodResolver } from '@hookform/resolvers/zod'
import { type ComponentProps, type ReactNode, useEffect, useId } from 'react'
import { Controller, useForm, useWatch } from 'react-hook-form'
import {
  type ProductFormValues,
  type ProductInput,
  productFormSchema,
} from '../../../shared/catalog/product-schema'
import {
  capitalize,
  JADE_TYPES,
  ORIGINS,
  PRODUCT_CATEGORIES,
  PRODUCT_STATUS_LABELS,
  PRODUCT_STATUSES,
  PRODUCT_TYPES,
  SHORT_DESCRIPTION_MAX,
} from '../../../shared/catalog/rules'
import { missingPermissionMessage } from '../../../shared/staff/permissions'
import { cn } from '../../lib/cn'
import { showServerErrors } from '../../lib/server-errors'
import { Button } from '../../ui/button'
import { Checkbox } from '../../ui/checkbox'
import { FormField } from '../../ui/form-field'
import { Input } from '../../ui/input'
import { Label } from '../../ui/label'
import { Select } from '../../ui/select'
import { Textarea } from '../../ui/textarea'
import { useAccess } from '../access'
import { WaitingHint } from '../piece-alerts/waiting-hint'
import { CertificateField } from './certificate-field'
import { ImagesField } from './images-field'

/** What a new product starts as (back-office.md §5's defaults). */
export const NEW_PRODUCT: ProductFormValues = {
  sku: '',
  name: '',
  description: '',
  shortDescription: '',
  price: '',
  originalPrice: '',
  cost: '',
  imageUrls: [],
  imageAlts: [],
  category: '',
  type: 'other',
  color: 'green',
  innerDiameterMm: '',
  weight: '',
  dimensions: '',
  jadeType: 'Type A',
  origin: 'Myanmar',
  certification: '',
  certificateUrl: '',
  featured: false,
  status: 'available',
  stockQuantity: 1,
}

const FIELDS = Object.keys(NEW_PRODUCT)
const zod = zodResolver(productFormSchema)
/** A diameter typed for a bangle is dropped when the piece stops being one (the field is hidden then). */
const resolver: typeof zod = (values, context, options) =>
  zod(values.type === 'bangle' ? values : { ...values, innerDiameterMm: '' }, context, options)

export interface ProductFormProps {
  idPrefix: string
  initial: ProductFormValues
  submitLabel: string
  pendingLabel: string
  /** Sends the product; rejects with the API's error when the server refuses it. */
  onSubmit: (input: ProductInput) => Promise<unknown>
  onCancel?: () => void
  /** Tells the owner of the form whether anything was changed (to ask before discarding). */
  onDirtyChange?: (dirty: boolean) => void
  /** Reset to the initial values after a successful save (the Add tab starts a fresh product). */
  resetOnSuccess?: boolean
  /**
   * In a dialog the Save / Cancel bar reaches down over the dialog's bottom padding, so nothing
   * scrolls by beneath it (a sticky box stops at its scroller's padding, not its edge).
   */
  inDialog?: boolean
}

/**
 * Every field of a product (back-office.md §3), in dollars; the shared schema checks it with the
 * specification's messages and turns it into the API's cents. A refused save keeps what was typed
 * and shows the server's reasons beside their fields.
 */
export function ProductForm(props: ProductFormProps) {
  const { idPrefix, initial } = props
  const form = useForm<ProductFormValues, unknown, ProductInput>({ resolver, defaultValues: initial })
  const { register, control, formState, handleSubmit, reset } = form
  const { errors, isSubmitting, isDirty } = formState
  const [name, type, imageUrls, imageAlts, chosenCategory] = useWatch({
    control,
    name: ['name', 'type', 'imageUrls', 'imageAlts', 'category'],
  })
  const id = (field: string) => `${idPrefix}-${field}`
  // A role without prices sees them and cannot change them (the server refuses a new price); a
  // role without cost never sees it (the answer leaves it out, the server keeps the stored one).
  const { can } = useAccess()
  const prices = can('products:prices')
  const showCost = can('products:cost')
  const pricesNote = prices
    ? undefined
    : `${missingPermissionMessage('products:prices')}: shown, not changed.`

  const { onDirtyChange } = props
  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange])

  const submit = handleSubmit(async (input) => {
    try {
      await props.onSubmit(input)
      if (props.resetOnSuccess) reset(initial)
      else reset(form.getValues())
    } catch (error) {
      showServerErrors(form, error, { fields: FIELDS })
    }
  })

  const images = (imageUrls ?? []).map((url, index) => ({ url, alt: imageAlts?.[index] ?? '' }))
  const textError = (field: keyof ProductFormValues) => errors[field]?.message

  return (
    <form onSubmit={submit} noValidate className="grid gap-10">
      <Section title="The piece" description="What shoppers read on the product page.">
        <FormField label="Name" htmlFor={id('name')} error={textError('name')}>
          <Input {...register('name')} autoComplete="off" />
        </FormField>
        <FormField
          label="Short description"
          htmlFor={id('shortDescription')}
          error={textError('shortDescription')}
          hint={`Shown on cards and in search results; ${SHORT_DESCRIPTION_MAX} characters at most.`}
        >
          <Input {...register('shortDescription')} maxLength={SHORT_DESCRIPTION_MAX + 20} />
        </FormField>
        <FormField label="Description" htmlFor={id('description')} error={textError('description')}>
          <Textarea {...register('description')} rows={6} />
        </FormField>
      </Section>

      <Section title="Images" description="The first image is the main one. Drag to reorder.">
        <Controller
          control={control}
          name="imageUrls"
          render={({ field }) => (
            <ImagesField
              id={id('images')}
              images={images}
              productName={name || 'This product'}
              error={
                errors.imageUrls?.message ?? errors.imageUrls?.root?.message ?? errors.imageAlts?.message
              }
              onChange={(next) => {
                field.onChange(next.map((image) => image.url))
                form.setValue(
                  'imageAlts',
                  next.map((image) => image.alt),
                  { shouldDirty: true },
                )
              }}
            />
          )}
        />
      </Section>

      <Section
        title="Pricing"
        description={
          showCost ? 'In US dollars. Cost is private: it is used for your profit figures.' : 'In US dollars.'
        }
      >
        <div className={cn('grid gap-6', showCost ? 'sm:grid-cols-3' : 'sm:grid-cols-2')}>
          <FormField label="Price" htmlFor={id('price')} error={textError('price')} hint={pricesNote}>
            <MoneyInput {...register('price')} readOnly={!prices} />
          </FormField>
          <FormField
            label="Original price"
            htmlFor={id('originalPrice')}
            error={textError('originalPrice')}
            hint={prices ? 'Shown struck through.' : pricesNote}
          >
            <MoneyInput {...register('originalPrice')} readOnly={!prices} />
          </FormField>
          {showCost && (
            <FormField label="Cost" htmlFor={id('cost')} error={textError('cost')}>
              <MoneyInput {...register('cost')} />
            </FormField>
          )}
        </div>
      </Section>

      <Section title="Details">
        <div className="grid items-start gap-6 sm:grid-cols-2">
          <FormField
            label="Category"
            htmlFor={id('category')}
            error={textError('category')}
            hint={chosenCategory ? <WaitingHint category={chosenCategory} /> : undefined}
          >
            <Select {...register('category')}>
              <option value="">Choose a category</option>
              {PRODUCT_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {capitalize(category)}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="Product type" htmlFor={id('type')} error={textError('type')}>
            <Select {...register('type')}>
              {PRODUCT_TYPES.map((option) => (
                <option key={option} value={option}>
                  {capitalize(option)}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="Color" htmlFor={id('color')} error={textError('color')}>
            <Input {...register('color')} />
          </FormField>
          {type === 'bangle' ? (
            <FormField
              label="Inner diameter (mm)"
              htmlFor={id('innerDiameterMm')}
              error={textError('innerDiameterMm')}
              hint="Bangles only: shoppers filter by size (XS 50–54 … XL 64+)."
            >
              <Input
                {...register('innerDiameterMm')}
                type="number"
                inputMode="numeric"
                min={30}
                max={120}
                step={1}
              />
            </FormField>
          ) : (
            <div aria-hidden className="hidden sm:block" />
          )}
          <FormField label="Jade type" htmlFor={id('jadeType')} error={textError('jadeType')}>
            <Select {...register('jadeType')}>
              {JADE_TYPES.map((option) => (
                <option key={option}>{option}</option>
              ))}
            </Select>
          </FormField>
          <FormField label="Origin" htmlFor={id('origin')} error={textError('origin')}>
            <Select {...register('origin')}>
              {ORIGINS.map((option) => (
                <option key={option}>{option}</option>
              ))}
            </Select>
          </FormField>
          <FormField label="Weight" htmlFor={id('weight')} error={textError('weight')}>
            <Input {...register('weight')} placeholder="e.g. 48 g" />
          </FormField>
          <FormField label="Dimensions" htmlFor={id('dimensions')} error={textError('dimensions')}>
            <Input {...register('dimensions')} placeholder="e.g. 57 mm × 14 mm" />
          </FormField>
          <FormField
            label="Certification"
            htmlFor={id('certification')}
            error={textError('certification')}
            className="sm:col-span-2"
          >
            <Input {...register('certification')} placeholder="Laboratory and certificate number" />
          </FormField>
          <FormField
            label="Certificate of Authenticity"
            htmlFor={id('certificateUrl')}
            className="sm:col-span-2"
          >
            <Controller
              control={control}
              name="certificateUrl"
              render={({ field }) => (
                <CertificateField
                  id={id('certificateUrl')}
                  url={field.value ?? ''}
                  onChange={field.onChange}
                  error={errors.certificateUrl?.message}
                />
              )}
            />
          </FormField>
        </div>
      </Section>

      <Section title="Inventory" description="Most pieces are one of a kind: a stock of 1.">
        <div className="grid gap-6 sm:grid-cols-3">
          <FormField label="Status" htmlFor={id('status')} error={textError('status')}>
            <Select {...register('status')}>
              {PRODUCT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {PRODUCT_STATUS_LABELS[status]}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="Stock" htmlFor={id('stockQuantity')} error={textError('stockQuantity')}>
            <Input
              {...register('stockQuantity', { valueAsNumber: true })}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
            />
          </FormField>
          <FormField
            label="SKU"
            htmlFor={id('sku')}
            error={textError('sku')}
            hint="Leave blank to generate one."
          >
            <Input {...register('sku')} autoCapitalize="characters" autoComplete="off" />
          </FormField>
        </div>
        <Controller
          control={control}
          name="featured"
          render={({ field }) => (
            <div className="flex items-center gap-3">
              <Checkbox
                id={id('featured')}
                checked={field.value}
                onCheckedChange={(checked) => field.onChange(checked === true)}
              />
              <Label htmlFor={id('featured')}>Featured on the home page</Label>
            </div>
          )}
        />
      </Section>

      <div
        className={cn(
          'sticky bottom-0 -mx-1 flex flex-col-reverse gap-3 border-t border-ink/10 bg-ivory px-1 py-4 sm:flex-row sm:justify-end',
          props.inDialog && '-bottom-6 -mx-6 -mb-6 px-6 pb-6 sm:-bottom-8 sm:-mx-8 sm:-mb-8 sm:px-8 sm:pb-8',
        )}
      >
        {props.onCancel && (
          <Button type="button" variant="secondary" onClick={props.onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
        )}
        <Button type="submit" loading={isSubmitting}>
          {isSubmitting ? props.pendingLabel : props.submitLabel}
        </Button>
      </div>
    </form>
  )
}

function Section({
  title,
  description,
  children,
}: {
  title: string
  description?: string
  children: ReactNode
}) {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="grid gap-6 lg:grid-cols-[13rem_1fr] lg:gap-10">
      <div className="lg:pt-1">
        <h2 id={headingId} className="font-display text-xl text-ink">
          {title}
        </h2>
        {description && <p className="mt-1 text-sm text-ink-muted">{description}</p>}
      </div>
      <div className="grid min-w-0 gap-6">{children}</div>
    </section>
  )
}

function MoneyInput(props: ComponentProps<typeof Input>) {
  return (
    <div className="relative">
      <span
        className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-ink-muted"
        aria-hidden
      >
        $
      </span>
      <Input
        type="number"
        inputMode="decimal"
        min={0}
        step={0.01}
        className={cn('pl-7 tabular-nums', props.readOnly && 'bg-sand/40 text-ink-muted')}
        {...props}
      />
    </div>
  )
}
