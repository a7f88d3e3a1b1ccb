import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { Page } from '../../../../shared/admin-list'
import { TAX_MESSAGES, type TaxAddress, type TaxCalculation, type TaxSettings } from '../../../../shared/tax'
import type { RateTablePreview, RateTableSummary } from '../../../../shared/tax-tables'
import { api } from '../../../lib/api'
import { toastFailure, toastSuccess } from '../../../lib/mutation-toasts'
import { uploadFile } from '../../../lib/upload'

const SETTINGS = '/api/admin/settings/tax'
const TABLES = '/api/admin/tax/tables'

export const taxQueries = {
  settings: () => queryOptions({ queryKey: [SETTINGS], queryFn: () => api.get<TaxSettings>(SETTINGS) }),
  tables: () => queryOptions({ queryKey: [TABLES], queryFn: () => api.get<Page<RateTableSummary>>(TABLES) }),
}

export function useSaveTaxSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (settings: TaxSettings) => api.put<TaxSettings>(SETTINGS, settings),
    onSuccess: (saved) => {
      queryClient.setQueryData([SETTINGS], saved)
      toastSuccess(TAX_MESSAGES.saved)
    },
    // The form keeps what was typed; the messages show beside the fields (tax-settings-form.tsx).
    onError: (error) => toastFailure('Could not save the tax settings', error),
  })
}

export interface TableUpload {
  file: File
  state: string
  effectiveFrom: string
}

export function useUploadTable() {
  return useMutation({
    mutationFn: ({ file, state, effectiveFrom }: TableUpload) =>
      uploadFile<RateTablePreview>(TABLES, 'file', file, () => {}, undefined, { state, effectiveFrom }),
  })
}

export function useApplyTable() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => api.post<RateTableSummary>(`${TABLES}/${id}/apply`),
    onSuccess: (table) => {
      void queryClient.invalidateQueries({ queryKey: [TABLES] })
      toastSuccess(
        'Rate table applied',
        `${table.state} version ${table.version}, from ${table.effectiveFrom}`,
      )
    },
    onError: (error) => toastFailure('Could not apply the rate table', error),
  })
}

export interface CalculatorInput {
  address: TaxAddress
  amount: number
  shipping: number
}

export function useTaxCalculator() {
  return useMutation({
    mutationFn: (input: CalculatorInput) => api.post<TaxCalculation>('/api/admin/tax/calculate', input),
  })
}
