import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import type { accountsContract } from '../../shared/accounts/contract'
import type { LoginInput, RegisterInput } from '../../shared/accounts/schema'
import { toast } from '../ui/use-toast'
import { call } from './api'
import { queries } from './queries'

export function useAuth() {
  const { data, isPending } = useQuery(queries.auth())
  const user = data ?? null
  return { user, isPending, isAdmin: !!user?.isAdmin }
}

export function useLogin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: LoginInput) =>
      call<typeof accountsContract.login>({ method: 'POST', path: '/api/login' }, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queries.auth().queryKey }),
  })
}

export function useRegister() {
  const queryClient = useQueryClient()
  return useMutation({
    // Registration never asks for an administrator (storefront.md §5).
    mutationFn: (input: RegisterInput) =>
      call<typeof accountsContract.register>(
        { method: 'POST', path: '/api/register' },
        { body: { ...input, isAdmin: false } },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queries.auth().queryKey }),
  })
}

/** API paths whose answers belong to the signed-in user or the back office. */
const SIGNED_IN_PATHS = [
  '/api/admin',
  '/api/users',
  '/api/sales',
  '/api/inquiries',
  '/api/newsletter/subscriptions',
  '/api/orders',
]
const signedInOnly = (key: readonly unknown[]) =>
  typeof key[0] === 'string' && SIGNED_IN_PATHS.some((path) => (key[0] as string).startsWith(path))

/**
 * Signs out, then leaves the page before the user disappears from the cache, so a page that needs
 * a user (profile, back office) never redirects to a login screen on the way out.
 */
export function useLogout() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: () => call<typeof accountsContract.logout>({ method: 'POST', path: '/api/logout' }),
    onSuccess: () => {
      navigate('/')
      queryClient.setQueryData(queries.auth().queryKey, null)
      // What only a signed-in user may read is dropped, not refetched: the page that showed it is
      // on its way out, and asking again would only earn a 401. The rest is fetched afresh.
      queryClient.removeQueries({ predicate: (query) => signedInOnly(query.queryKey) })
      return queryClient.invalidateQueries({ predicate: (query) => !signedInOnly(query.queryKey) })
    },
  })
}

/** Logout with the specification's toasts; storefront, account and back office all use it. */
export function useLogoutWithToast() {
  const logout = useLogout()
  // Hook-level callbacks: they still run when the page that asked has already gone.
  return () =>
    logout
      .mutateAsync()
      .then(() => toast({ title: 'Logged Out', description: 'You have been logged out' }))
      .catch(() =>
        toast({
          title: 'Logout Failed',
          description: 'Failed to log out. Please try again.',
          variant: 'destructive',
        }),
      )
}
