import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import type { ProductCategory } from '../../../shared/catalog/rules'
import { catalogImportAdminContract as contract } from '../../../shared/catalog-import/admin-contract'
import { fillPath } from '../../../shared/contract'
import { call } from '../../lib/api'
import { toastFailure } from '../../lib/mutation-toasts'

// The catalogue import's requests (issue 37): the dry run, the go-ahead and the progress.

export const IMPORTS_PATH = contract.preview.path
/** The final report as a CSV file, for a download link. */
export const reportUrl = (id: string) => fillPath(contract.report.path, { id })
/** How often a running import is asked about. */
const PROGRESS_POLL_MS = 1000

export const importQueries = {
  progress: (id: string) =>
    queryOptions({
      queryKey: [IMPORTS_PATH, id],
      queryFn: () => call(contract.progress, { params: { id } }),
      // Polled while the job works; a finished import's report never changes.
      refetchInterval: (query) => {
        const data = query.state.data
        return data?.confirmed && (data.status === 'pending' || data.status === 'running')
          ? PROGRESS_POLL_MS
          : false
      },
    }),
}

export function usePreviewImport() {
  return useMutation({
    mutationFn: ({ csv, zip }: { csv: File; zip: File | undefined }) => {
      const form = new FormData()
      form.append('file', csv)
      if (zip) form.append('images', zip)
      return call(contract.preview, { form })
    },
  })
}

export function useConfirmImport() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, categoryMap }: { id: string; categoryMap: Record<string, string> }) =>
      // The dialog offers only the shop's categories; the server refuses any other.
      call(contract.confirm, {
        params: { id },
        body: { categoryMap: categoryMap as Record<string, ProductCategory> },
      }),
    onSuccess: (progress) => queryClient.setQueryData(importQueries.progress(progress.id).queryKey, progress),
    onError: (error) => toastFailure('Failed to start the import', error),
  })
}

/** Once an import is over: the product lists and counts show what it wrote. */
export function useRefreshAfterImport() {
  const queryClient = useQueryClient()
  // Stable, so the report's effect runs once when the import ends, not on every render.
  return useCallback(
    () =>
      Promise.all(
        ['/api/admin/products', '/api/admin/products/summary', '/api/admin/overview', '/api/products'].map(
          (path) => queryClient.invalidateQueries({ queryKey: [path] }),
        ),
      ),
    [queryClient],
  )
}
