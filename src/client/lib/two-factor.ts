import { useMutation, useQueryClient } from '@tanstack/react-query'
import type {
  DisableTwoFactorInput,
  EnableTwoFactorInput,
  RegenerateRecoveryCodesInput,
  SetUpTwoFactorInput,
  TwoFactorChallenge,
  TwoFactorEnabled,
  TwoFactorSetup,
} from '../../shared/two-factor'
import { ApiError, api } from './api'
import { queries } from './queries'

/** Whether a failed sign-in asks for the second step (the password was right, a code is needed). */
export function asksForCode(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 401 &&
    (error.body as Partial<TwoFactorChallenge> | undefined)?.twoFactorRequired === true
  )
}

export function useSetUpTwoFactor() {
  return useMutation({
    mutationFn: (input: SetUpTwoFactorInput) =>
      api.post<TwoFactorSetup>('/api/account/two-factor/setup', input),
  })
}

/** Turning it on or off changes the signed-in user (twoFactorEnabled): the header and pages refetch. */
function useRefreshUser() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: queries.auth().queryKey })
}

export function useEnableTwoFactor() {
  const refresh = useRefreshUser()
  return useMutation({
    mutationFn: (input: EnableTwoFactorInput) =>
      api.post<TwoFactorEnabled>('/api/account/two-factor/enable', input),
    onSuccess: refresh,
  })
}

export function useDisableTwoFactor() {
  const refresh = useRefreshUser()
  return useMutation({
    mutationFn: (input: DisableTwoFactorInput) =>
      api.post<{ message: string }>('/api/account/two-factor/disable', input),
    onSuccess: refresh,
  })
}

export function useRegenerateRecoveryCodes() {
  return useMutation({
    mutationFn: (input: RegenerateRecoveryCodesInput) =>
      api.post<TwoFactorEnabled>('/api/account/two-factor/recovery-codes', input),
  })
}
