import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  staffAdminContract as contract,
  type InvitationInput,
  type RoleInput,
  type StaffMember,
} from '../../../shared/staff/admin-contract'
import { call } from '../../lib/api'
import { toastFailure, toastSuccess } from '../../lib/mutation-toasts'
import { queries } from '../../lib/queries'

// The team's lists are short (a shop's few helpers): one unpaged answer each, refreshed after
// every change. Each mutation shows its own toasts; a refused change leaves everything as it was.
// A success toast comes once the lists are fresh: raised while its dialog is still open, a slow
// refresh could use up its five seconds behind the dialog, unseen and unheard.

export const staffQueries = {
  /** The signed-in member's own permissions: nobody grants what they do not hold. */
  me: () => queryOptions({ queryKey: [contract.me.path], queryFn: () => call(contract.me) }),
  staff: () =>
    queryOptions({ queryKey: [contract.staff.path], queryFn: () => call(contract.staff), staleTime: 0 }),
  roles: () =>
    queryOptions({ queryKey: [contract.roles.path], queryFn: () => call(contract.roles), staleTime: 0 }),
  invitations: () =>
    queryOptions({
      queryKey: [contract.invitations.path],
      queryFn: () => call(contract.invitations),
      staleTime: 0,
    }),
}

function useRefresh(...keys: string[]) {
  const queryClient = useQueryClient()
  return () => Promise.all(keys.map((key) => queryClient.invalidateQueries({ queryKey: [key] })))
}

export function useUpdateMember() {
  const queryClient = useQueryClient()
  const refresh = useRefresh(contract.staff.path, contract.roles.path)
  return useMutation({
    mutationFn: ({ member, change }: { member: StaffMember; change: { role?: string; active?: boolean } }) =>
      call(contract.updateMember, { params: { id: member.id }, body: change }),
    onSuccess: async (updated, { change }) => {
      await refresh()
      // The owner may have changed their own role: the back office reads it from here.
      await queryClient.invalidateQueries({ queryKey: queries.auth().queryKey })
      toastSuccess(
        change.active === undefined
          ? 'Role changed'
          : change.active
            ? 'Member reactivated'
            : 'Member deactivated',
        `${updated.username}${change.active === undefined ? '’s role is saved.' : change.active ? ' can sign in again.' : ' is signed out and can no longer sign in.'}`,
      )
    },
    onError: (error) => toastFailure('Could not change the member', error),
  })
}

export function useInvite() {
  const refresh = useRefresh(contract.invitations.path)
  return useMutation({
    mutationFn: (input: InvitationInput) => call(contract.invite, { body: input }),
    onSuccess: async (reply, input) => {
      await refresh()
      toastSuccess(reply.message, `An e-mail is on its way to ${input.email}.`)
    },
  })
}

export function useResendInvitation() {
  const refresh = useRefresh(contract.invitations.path)
  return useMutation({
    mutationFn: (id: number) => call(contract.resendInvitation, { params: { id } }),
    onSuccess: async (reply) => {
      await refresh()
      toastSuccess(reply.message, 'The new link is good for 72 hours; the one sent before no longer works.')
    },
    onError: (error) => toastFailure('Could not resend the invitation', error),
  })
}

export function useWithdrawInvitation() {
  const refresh = useRefresh(contract.invitations.path)
  return useMutation({
    mutationFn: (id: number) => call(contract.withdrawInvitation, { params: { id } }),
    onSuccess: async (reply) => {
      await refresh()
      toastSuccess(reply.message)
    },
    onError: (error) => toastFailure('Could not withdraw the invitation', error),
  })
}

export function useSaveRole() {
  const refresh = useRefresh(contract.roles.path)
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: RoleInput }) =>
      id === undefined
        ? call(contract.createRole, { body: input })
        : call(contract.updateRole, { params: { id }, body: input }),
    onSuccess: async (role, { id }) => {
      await refresh()
      toastSuccess(id === undefined ? 'Role created' : 'Role saved', role.label)
    },
  })
}

export function useRemoveRole() {
  const refresh = useRefresh(contract.roles.path)
  return useMutation({
    mutationFn: (id: number) => call(contract.removeRole, { params: { id } }),
    onSuccess: async (reply) => {
      await refresh()
      toastSuccess(reply.message)
    },
    onError: (error) => toastFailure('Could not delete the role', error),
  })
}
