import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { accountsContract } from '../../shared/accounts/contract'
import type {
  ChangePasswordInput,
  ProfileUpdateInput,
  ResetPasswordInput,
} from '../../shared/accounts/schema'
import { ApiError, call } from './api'
import { queries } from './queries'

/** The server's words for a failed request, else the error's own. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback
  return error instanceof Error && error.message ? error.message : fallback
}

export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, values }: { id: number; values: ProfileUpdateInput }) =>
      call<typeof accountsContract.updateProfile>(
        { method: 'PUT', path: '/api/users/:id' },
        { params: { id }, body: values },
      ),
    onSuccess: (user) => {
      // Show the saved profile at once, then refetch so the header and every page agree with the server.
      queryClient.setQueryData(queries.auth().queryKey, user)
      return queryClient.invalidateQueries({ queryKey: queries.auth().queryKey })
    },
  })
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) =>
      call<typeof accountsContract.changePassword>(
        { method: 'POST', path: '/api/change-password' },
        { body: input },
      ),
  })
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (input: { email: string }) =>
      call<typeof accountsContract.requestPasswordReset>(
        { method: 'POST', path: '/api/request-password-reset' },
        { body: input },
      ),
  })
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: ResetPasswordInput) =>
      call<typeof accountsContract.resetPassword>(
        { method: 'POST', path: '/api/reset-password' },
        { body: input },
      ),
  })
}
