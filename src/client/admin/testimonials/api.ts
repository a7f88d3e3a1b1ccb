import { useMutation, useQueryClient } from '@tanstack/react-query'
import { testimonialsAdminContract as contract } from '../../../shared/testimonials/admin-contract'
import { TESTIMONIAL_MESSAGES, type Testimonial } from '../../../shared/testimonials/schema'
import { call } from '../../lib/api'
import { toastFailure, toastSuccess } from '../../lib/mutation-toasts'
import { adminListQuery } from '../list-query'

type Params = Record<string, string | undefined>

export const testimonialQueries = {
  list: (params: Params) => adminListQuery(contract.list, params),
}

/** back-office.md §8: titled 'Operation failed', the server's message or the fallback below it. */
const operationFailed = (fallback: string) => (error: unknown) =>
  toastFailure(TESTIMONIAL_MESSAGES.operationFailed, error, fallback)

function useRefresh() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [contract.list.path] }),
      queryClient.invalidateQueries({ queryKey: ['/api/testimonials'] }),
    ])
}

export function useApproveTestimonial() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (testimonial: Testimonial) => call(contract.approve, { params: { id: testimonial.id } }),
    onSuccess: async () => {
      toastSuccess('Approved', TESTIMONIAL_MESSAGES.approved)
      await refresh()
    },
    onError: operationFailed(TESTIMONIAL_MESSAGES.approveFailed),
  })
}

export function useDeleteTestimonial() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (testimonial: Testimonial) => call(contract.remove, { params: { id: testimonial.id } }),
    onSuccess: async () => {
      toastSuccess('Deleted', TESTIMONIAL_MESSAGES.deleted)
      await refresh()
    },
    onError: operationFailed(TESTIMONIAL_MESSAGES.deleteFailed),
  })
}
