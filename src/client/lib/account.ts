import { useMutation, useQueryClient } from '@tanstack/react-query'
import type {
  ChangePasswordInput,
  ProfileUpdateInput,
  PublicUser,
  ResetPasswordInput,
} from '../../shared/accounts'
import { ApiError, api } from './api'
import { queries } from './queries'

type Message = { message: string }

/** The server's words for a failed request, else the error's own. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback
  return error instanceof Error && error.message ? error.message : fallback
}

export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, values }: { id: number; values: ProfileUpdateInput }) =>
      api.put<PublicUser>(`/api/users/${id}`, values),
    onSuccess: (user) => {
      // Show the saved profile at once, then refetch so the header and every page agree with the server.
      queryClient.setQueryData(queries.auth().queryKey, user)
      return queryClient.invalidateQueries({ queryKey: queries.auth().queryKey })
    },
  })
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => api.post<Message>('/api/change-password', input),
  })
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (input: { email: string }) => api.post<Message>('/api/request-password-reset', input),
  })
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: ResetPasswordInput) => api.post<Message>('/api/reset-password', input),
  })
}
