import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useEffect, useId, useState } from 'react'
import type { AdminUser } from '../../../shared/accounts/admin-contract'
import type { TaxExemptionInput } from '../../../shared/tax'
import { taxAdminContract as contract } from '../../../shared/tax/admin-contract'
import { call } from '../../lib/api'
import { failureMessage, toastSuccess } from '../../lib/mutation-toasts'
import { Button } from '../../ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../ui/dialog'
import { FormField } from '../../ui/form-field'
import { Input } from '../../ui/input'
import { Select } from '../../ui/select'
import { Skeleton } from '../../ui/skeleton'
import { UsStateOptions } from '../../ui/us-state-options'
import { CertificateFileField } from './certificate-file-field'

/**
 * A buyer's resale or exemption certificate (issue 34): while it is valid, their orders into its
 * state carry no sales tax, and each order says why. The scanned certificate is kept in the shop's
 * private store and linked here through the back office. Nothing typed is lost on a refusal or a
 * failed upload.
 */
export function TaxExemptionDialog({ user, onClose }: { user: AdminUser | undefined; onClose: () => void }) {
  const id = useId()
  const queryClient = useQueryClient()
  const params = { id: user?.id ?? 0 }
  const key = [contract.exemption.path, params.id]
  const current = useQuery({
    queryKey: key,
    queryFn: () => call(contract.exemption, { params }),
    enabled: !!user,
  })
  const [draft, setDraft] = useState<TaxExemptionInput>({ certificateNumber: '', state: 'TX', expiresOn: '' })
  useEffect(() => {
    const exemption = current.data?.exemption
    setDraft(
      exemption
        ? {
            certificateNumber: exemption.certificateNumber,
            state: exemption.state,
            expiresOn: exemption.expiresOn,
            fileUrl: exemption.fileUrl ?? undefined,
          }
        : { certificateNumber: '', state: 'TX', expiresOn: '' },
    )
  }, [current.data])
  const done = (message: string) => {
    void queryClient.invalidateQueries({ queryKey: key })
    toastSuccess(message)
    onClose()
  }
  const save = useMutation({
    mutationFn: (input: TaxExemptionInput) => call(contract.saveExemption, { params, body: input }),
    onSuccess: () => done('Tax exemption saved'),
  })
  const remove = useMutation({
    mutationFn: () => call(contract.removeExemption, { params }),
    onSuccess: () => done('Tax exemption removed'),
  })
  const [uploading, setUploading] = useState(false)
  const error = save.error ?? remove.error
  const set = (patch: Partial<TaxExemptionInput>) => setDraft((value) => ({ ...value, ...patch }))

  function submit(event: FormEvent) {
    event.preventDefault()
    save.mutate(draft)
  }

  return (
    <Dialog open={!!user} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md">
        <form onSubmit={submit} noValidate>
          <DialogHeader>
            <DialogTitle>Tax exemption</DialogTitle>
            <DialogDescription>
              {user?.username}’s resale or exemption certificate: their orders into its state carry no sales
              tax until it expires.
            </DialogDescription>
          </DialogHeader>
          {current.isPending ? (
            <Skeleton className="my-4 h-40 w-full" />
          ) : (
            <div className="my-4 grid gap-4">
              <FormField label="Certificate number" htmlFor={`${id}-number`}>
                <Input
                  value={draft.certificateNumber}
                  autoComplete="off"
                  onChange={(event) => set({ certificateNumber: event.target.value })}
                />
              </FormField>
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField label="State" htmlFor={`${id}-state`}>
                  <Select value={draft.state} onChange={(event) => set({ state: event.target.value })}>
                    <UsStateOptions />
                  </Select>
                </FormField>
                <FormField label="Expires on" htmlFor={`${id}-expires`}>
                  <Input
                    type="date"
                    value={draft.expiresOn}
                    onChange={(event) => set({ expiresOn: event.target.value })}
                  />
                </FormField>
              </div>
              <CertificateFileField
                id={`${id}-file`}
                url={draft.fileUrl}
                onChange={(fileUrl) => set({ fileUrl })}
                onBusy={setUploading}
              />
            </div>
          )}
          {error && (
            <p role="alert" className="mb-3 text-sm text-destructive">
              {failureMessage(error)}
            </p>
          )}
          <DialogFooter className="gap-2">
            {current.data?.exemption && (
              <Button
                type="button"
                variant="ghost"
                className="sm:mr-auto"
                disabled={remove.isPending}
                onClick={() => remove.mutate()}
              >
                Remove exemption
              </Button>
            )}
            <Button type="button" variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending || current.isPending || uploading}>
              {save.isPending ? 'Saving…' : 'Save'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
