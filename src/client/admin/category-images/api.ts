import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CategoryImage } from '../../../shared/catalog'
import type { CategoryImageInput } from '../../../shared/catalog-admin'
import { api } from '../../lib/api'
import { toastFailure, toastSuccess } from '../../lib/mutation-toasts'
import { queries } from '../../lib/queries'

export interface SaveCategoryImage {
  category: string
  input: CategoryImageInput
  /** A category with no picture yet is created (POST); one that has it is updated (PUT). */
  exists: boolean
}

export function useSaveCategoryImage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ category, input, exists }: SaveCategoryImage) =>
      exists
        ? api.put<CategoryImage>(`/api/category-images/${category}`, input)
        : api.post<CategoryImage>('/api/category-images', { category, ...input }),
    onSuccess: (_, { exists }) => {
      toastSuccess(exists ? 'Category image updated successfully' : 'Category image created successfully')
      return queryClient.invalidateQueries({ queryKey: queries.categoryImages().queryKey })
    },
    onError: (error, { exists }) =>
      toastFailure(exists ? 'Failed to update category image' : 'Failed to create category image', error),
  })
}
