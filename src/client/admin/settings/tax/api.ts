import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { Answer } from '../../../../shared/contract'
import { taxAdminContract as contract } from '../../../../shared/tax/admin-contract'
import { TAX_MESSAGES, type TaxAddress, type TaxSettings } from '../../../../shared/tax/schema'
import { call } from '../../../lib/api'
import { toastFailure, toastSuccess } from '../../../lib/mutation-toasts'
import { uploadFile } from '../../../lib/upload'

const SETTINGS = contract.settings.path
const TABLES = contract.tables.path

export const taxQueries = {
  settings: () => queryOptions({ queryKey: [SETTINGS], queryFn: () => call(contract.settings) }),
  tables: () => queryOptions({ queryKey: [TABLES], queryFn: () => call(contract.tables) }),
}

export function useSaveTaxSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (settings: TaxSettings) => call(contract.saveSettings, { body: settings }),
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
      uploadFile<Answer<typeof contract.uploadTable>>(
        contract.uploadTable.path,
        'file',
        file,
        () => {},
        undefined,
        { state, effectiveFrom },
      ),
  })
}

export function useApplyTable() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => call(contract.applyTable, { params: { id } }),
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
    mutationFn: (input: CalculatorInput) => call(contract.calculate, { body: input }),
  })
}
