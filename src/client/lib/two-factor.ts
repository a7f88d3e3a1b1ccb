import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { accountsContract } from '../../shared/accounts/contract'
import type {
  DisableTwoFactorInput,
  EnableTwoFactorInput,
  RegenerateRecoveryCodesInput,
  SetUpTwoFactorInput,
  TwoFactorChallenge,
} from '../../shared/accounts/two-factor'
import { ApiError, call } from './api'
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
      call<typeof accountsContract.setUpTwoFactor>(
        { method: 'POST', path: '/api/account/two-factor/setup' },
        { body: input },
      ),
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
      call<typeof accountsContract.enableTwoFactor>(
        { method: 'POST', path: '/api/account/two-factor/enable' },
        { body: input },
      ),
    onSuccess: refresh,
  })
}

export function useDisableTwoFactor() {
  const refresh = useRefreshUser()
  return useMutation({
    mutationFn: (input: DisableTwoFactorInput) =>
      call<typeof accountsContract.disableTwoFactor>(
        { method: 'POST', path: '/api/account/two-factor/disable' },
        { body: input },
      ),
    onSuccess: refresh,
  })
}

export function useRegenerateRecoveryCodes() {
  return useMutation({
    mutationFn: (input: RegenerateRecoveryCodesInput) =>
      call<typeof accountsContract.regenerateRecoveryCodes>(
        { method: 'POST', path: '/api/account/two-factor/recovery-codes' },
        { body: input },
      ),
  })
}
