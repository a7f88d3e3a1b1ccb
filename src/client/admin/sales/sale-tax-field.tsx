import { useQuery } from '@tanstack/react-query'
import type { SaleTax } from '../../../shared/sales'
import { zip5 } from '../../../shared/tax'
import { FormField } from '../../ui/form-field'
import { Input } from '../../ui/input'
import { Select } from '../../ui/select'
import { UsStateOptions } from '../../ui/us-state-options'
import { taxQueries } from '../settings/tax/api'

/** The sale-tax choice as the owner fills it in, before it is a SaleTax. */
export interface SaleTaxDraft {
  at: SaleTax['at']
  state: string
  zipCode: string
  reason: string
}

export const EMPTY_SALE_TAX: SaleTaxDraft = { at: 'origin', state: 'TX', zipCode: '', reason: '' }

/** What the draft sends, or why it cannot yet. */
export function saleTax(draft: SaleTaxDraft): SaleTax | { error: string } {
  if (draft.at === 'origin') return { at: 'origin' }
  if (draft.at === 'exempt')
    return draft.reason.trim()
      ? { at: 'exempt', reason: draft.reason.trim() }
      : { error: 'Give the reason the sale is exempt' }
  const zipCode = zip5(draft.zipCode)
  return zipCode
    ? { at: 'address', address: { state: draft.state, zipCode } }
    : { error: 'Enter the five-digit ZIP of the show' }
}

/**
 * Where an in-person sale is taxed (issue 34), shown only while the shop collects sales tax: at the
 * shop, at a show (its state and ZIP), or exempt with a reason.
 */
export function SaleTaxField({
  id,
  draft,
  error,
  onChange,
}: {
  id: string
  draft: SaleTaxDraft
  error?: string
  onChange: (draft: SaleTaxDraft) => void
}) {
  const settings = useQuery(taxQueries.settings())
  if (!settings.data?.enabled) return null
  const { origin } = settings.data
  const set = (patch: Partial<SaleTaxDraft>) => onChange({ ...draft, ...patch })
  return (
    <div className="space-y-3 sm:col-span-2">
      <FormField label="Sales tax" htmlFor={`${id}-tax-at`} error={draft.at === 'origin' ? error : undefined}>
        <Select value={draft.at} onChange={(event) => set({ at: event.target.value as SaleTaxDraft['at'] })}>
          <option value="origin">At the shop{origin.city ? ` (${origin.city}, ${origin.state})` : ''}</option>
          <option value="address">At a show or fair</option>
          <option value="exempt">Exempt</option>
        </Select>
      </FormField>
      {draft.at === 'address' && (
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField label="Show's state" htmlFor={`${id}-tax-state`}>
            <Select value={draft.state} onChange={(event) => set({ state: event.target.value })}>
              <UsStateOptions />
            </Select>
          </FormField>
          <FormField label="Show's ZIP code" htmlFor={`${id}-tax-zip`} error={error}>
            <Input
              inputMode="numeric"
              value={draft.zipCode}
              onChange={(event) => set({ zipCode: event.target.value })}
            />
          </FormField>
        </div>
      )}
      {draft.at === 'exempt' && (
        <FormField label="Reason" htmlFor={`${id}-tax-reason`} error={error}>
          <Input
            value={draft.reason}
            placeholder="Resale certificate number, out-of-state delivery…"
            onChange={(event) => set({ reason: event.target.value })}
          />
        </FormField>
      )}
    </div>
  )
}
