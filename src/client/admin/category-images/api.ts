import { useMutation, useQueryClient } from '@tanstack/react-query'
import { catalogAdminContract as contract } from '../../../shared/catalog/admin-contract'
import type { CategoryImageInput } from '../../../shared/catalog/admin-schema'
import type { ProductCategory } from '../../../shared/catalog/rules'
import { call } from '../../lib/api'
import { toastFailure, toastSuccess } from '../../lib/mutation-toasts'
import { queries } from '../../lib/queries'

export interface SaveCategoryImage {
  category: ProductCategory
  input: CategoryImageInput
  /** A category with no picture yet is created (POST); one that has it is updated (PUT). */
  exists: boolean
}

export function useSaveCategoryImage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ category, input, exists }: SaveCategoryImage) =>
      exists
        ? call(contract.saveCategoryImage, { params: { category }, body: input })
        : call(contract.createCategoryImage, { body: { category, ...input } }),
    onSuccess: (_, { exists }) => {
      toastSuccess(exists ? 'Category image updated successfully' : 'Category image created successfully')
      return queryClient.invalidateQueries({ queryKey: queries.categoryImages().queryKey })
    },
    onError: (error, { exists }) =>
      toastFailure(exists ? 'Failed to update category image' : 'Failed to create category image', error),
  })
}
