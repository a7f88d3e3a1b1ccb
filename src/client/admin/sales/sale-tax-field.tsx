import { useQuery } from '@tanstack/react-query'
import type { UseFormRegisterReturn } from 'react-hook-form'
import type { SaleTax } from '../../../shared/sales/schema'
import { FormField } from '../../ui/form-field'
import { Input } from '../../ui/input'
import { Select } from '../../ui/select'
import { UsStateOptions } from '../../ui/us-state-options'
import { taxQueries } from '../settings/tax/api'

/**
 * The sale-tax choice as the owner fills it in: every choice's fields are kept while another is
 * picked, so switching back finds them as typed. Named as the API names them (`address.zipCode`),
 * so its messages and the server's land on these fields.
 */
export interface SaleTaxDraft {
  at: SaleTax['at']
  address: { state: string; zipCode: string }
  reason: string
}

export const EMPTY_SALE_TAX: SaleTaxDraft = {
  at: 'origin',
  address: { state: 'TX', zipCode: '' },
  reason: '',
}

/** What the draft sends, for the schema to check with the rest of the form. */
export function saleTaxOf(draft: SaleTaxDraft): SaleTax {
  if (draft.at === 'origin') return { at: 'origin' }
  if (draft.at === 'exempt') return { at: 'exempt', reason: draft.reason }
  return { at: 'address', address: draft.address }
}

type Registered = UseFormRegisterReturn<string>

/**
 * Where an in-person sale is taxed (issue 34), shown only while the shop collects sales tax: at the
 * shop, at a show (its state and ZIP), or exempt with a reason. Its controls are the form's
 * (react-hook-form's `register('tax.…')`).
 */
export function SaleTaxField({
  id,
  at,
  fields,
  errors,
}: {
  id: string
  /** The choice now made. */
  at: SaleTaxDraft['at']
  fields: { at: Registered; state: Registered; zipCode: Registered; reason: Registered }
  errors: { at?: string; state?: string; zipCode?: string; reason?: string }
}) {
  const settings = useQuery(taxQueries.settings())
  if (!settings.data?.enabled) return null
  const { origin } = settings.data
  return (
    <div className="space-y-3 sm:col-span-2">
      <FormField label="Sales tax" htmlFor={`${id}-tax-at`} error={errors.at}>
        <Select {...fields.at}>
          <option value="origin">At the shop{origin.city ? ` (${origin.city}, ${origin.state})` : ''}</option>
          <option value="address">At a show or fair</option>
          <option value="exempt">Exempt</option>
        </Select>
      </FormField>
      {at === 'address' && (
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField label="Show's state" htmlFor={`${id}-tax-state`} error={errors.state}>
            <Select {...fields.state}>
              <UsStateOptions />
            </Select>
          </FormField>
          <FormField label="Show's ZIP code" htmlFor={`${id}-tax-zip`} error={errors.zipCode}>
            <Input inputMode="numeric" {...fields.zipCode} />
          </FormField>
        </div>
      )}
      {at === 'exempt' && (
        <FormField label="Reason" htmlFor={`${id}-tax-reason`} error={errors.reason}>
          <Input placeholder="Resale certificate number, out-of-state delivery…" {...fields.reason} />
        </FormField>
      )}
    </div>
  )
}
