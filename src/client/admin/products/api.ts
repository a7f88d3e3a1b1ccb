import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { catalogAdminContract as contract } from '../../../shared/catalog/admin-contract'
import type { ProductInput } from '../../../shared/catalog/product-schema'
import type { Answer } from '../../../shared/contract'
import { mediaAdminContract as media } from '../../../shared/media/admin-contract'
import { call } from '../../lib/api'
import { toastFailure, toastSuccess } from '../../lib/mutation-toasts'
import { JUST_FETCHED_MS } from '../../lib/queries'
import { uploadFile } from '../../lib/upload'
import { listQuery } from '../../lib/use-list-params'
import { adminListQuery } from '../list-query'

type Params = Record<string, string | undefined>

export const PRODUCT_FILTERS = ['tab', 'status', 'category'] as const

/** The products page's list as its URL asks for it (the Add tab shows the list's counts too). */
export const productsPageQuery = (params: URLSearchParams) =>
  productQueries.list({ ...listQuery(params, PRODUCT_FILTERS), tab: undefined })

export const productQueries = {
  list: (params: Params) => adminListQuery(contract.list, params),
  summary: () =>
    queryOptions({
      queryKey: [contract.summary.path],
      queryFn: () => call(contract.summary),
      staleTime: JUST_FETCHED_MS,
    }),
}

/** After any product write: the back office's lists and the storefront's cached answers. */
function useRefreshCatalog() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all(
      [
        '/api/admin/products',
        '/api/admin/products/summary',
        '/api/admin/overview',
        '/api/products',
        '/api/categories',
      ].map((path) => queryClient.invalidateQueries({ queryKey: [path] })),
    )
}

// Each mutation shows the specification's toasts itself; callers add only what is theirs (closing
// a dialog, resetting a form). On failure the caller's form keeps what was typed.

export function useCreateProduct() {
  const refresh = useRefreshCatalog()
  return useMutation({
    mutationFn: (input: ProductInput) => call(contract.create, { body: input }),
    onSuccess: async () => {
      toastSuccess('Product created successfully')
      await refresh()
    },
    onError: (error) => toastFailure('Failed to create product', error),
  })
}

export function useUpdateProduct() {
  const refresh = useRefreshCatalog()
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: ProductInput }) =>
      call(contract.update, { params: { id }, body: input }),
    onSuccess: async () => {
      toastSuccess('Product updated successfully')
      await refresh()
    },
    onError: (error) => toastFailure('Failed to update product', error),
  })
}

export function useDeleteProduct() {
  const refresh = useRefreshCatalog()
  return useMutation({
    mutationFn: (id: number) => call(contract.remove, { params: { id } }),
    onSuccess: async () => {
      toastSuccess('Product deleted successfully')
      await refresh()
    },
    onError: (error) => toastFailure('Failed to delete product', error),
  })
}

export function useMarkSold() {
  const refresh = useRefreshCatalog()
  return useMutation({
    mutationFn: (id: number) => call(contract.markSold, { params: { id }, body: {} }),
    onSuccess: async () => {
      toastSuccess('Product marked as sold and hidden from storefront')
      await refresh()
    },
    onError: (error) => toastFailure('Failed to mark product as sold', error),
  })
}

/** One picture through the upload pipeline; answers the stored image's URL. */
export const uploadProductImage = (file: File, onProgress: (fraction: number) => void) =>
  uploadFile<Answer<typeof media.uploadProductImage>>(
    media.uploadProductImage.path,
    'images',
    file,
    onProgress,
  ).then((answer) => answer.files)
