import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import type { AdminUser } from '../../../shared/accounts/admin-contract'
import { taxAdminContract as contract } from '../../../shared/tax/admin-contract'
import { type TaxExemption, type TaxExemptionInput, taxExemptionSchema } from '../../../shared/tax/schema'
import { call } from '../../lib/api'
import { failureMessage, toastSuccess } from '../../lib/mutation-toasts'
import { showServerErrors } from '../../lib/server-errors'
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

type Draft = z.input<typeof taxExemptionSchema>

/** The form's values for the exemption on the account, or an empty one (Texas, where most resellers are). */
const draftOf = (exemption: TaxExemption | null | undefined): Draft =>
  exemption
    ? {
        certificateNumber: exemption.certificateNumber,
        state: exemption.state,
        expiresOn: exemption.expiresOn,
        fileUrl: exemption.fileUrl ?? undefined,
      }
    : { certificateNumber: '', state: 'TX', expiresOn: '', fileUrl: undefined }

/** The fields shown beside their controls; a refused file (never expected) is told below them. */
const SHOWN_FIELDS = ['certificateNumber', 'state', 'expiresOn'] as const

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
  const form = useForm<Draft, unknown, TaxExemptionInput>({
    resolver: zodResolver(taxExemptionSchema),
    defaultValues: draftOf(undefined),
  })
  const { errors } = form.formState
  // The server's reason when it names no field the form shows.
  const [formError, setFormError] = useState<string>()
  // The loaded exemption (or none) is what the form starts from, each time it arrives.
  const { reset } = form
  useEffect(() => {
    reset(draftOf(current.data?.exemption))
    setFormError(undefined)
  }, [current.data, reset])
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
  const fileUrl = form.watch('fileUrl')
  const error =
    formError ?? errors.fileUrl?.message ?? (remove.error ? failureMessage(remove.error) : undefined)

  const submit = form.handleSubmit(async (input) => {
    setFormError(undefined)
    remove.reset()
    try {
      await save.mutateAsync(input)
    } catch (failure) {
      if (!showServerErrors(form, failure, { fields: SHOWN_FIELDS })) setFormError(failureMessage(failure))
    }
  })

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
              <FormField
                label="Certificate number"
                htmlFor={`${id}-number`}
                error={errors.certificateNumber?.message}
              >
                <Input autoComplete="off" {...form.register('certificateNumber')} />
              </FormField>
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField label="State" htmlFor={`${id}-state`} error={errors.state?.message}>
                  <Select {...form.register('state')}>
                    <UsStateOptions />
                  </Select>
                </FormField>
                <FormField label="Expires on" htmlFor={`${id}-expires`} error={errors.expiresOn?.message}>
                  <Input type="date" {...form.register('expiresOn')} />
                </FormField>
              </div>
              <CertificateFileField
                id={`${id}-file`}
                url={fileUrl}
                onChange={(url) => form.setValue('fileUrl', url, { shouldDirty: true })}
                onBusy={setUploading}
              />
            </div>
          )}
          {error && (
            <p role="alert" className="mb-3 text-sm text-destructive">
              {error}
            </p>
          )}
          <DialogFooter className="gap-2">
            {current.data?.exemption && (
              <Button
                type="button"
                variant="ghost"
                className="sm:mr-auto"
                disabled={remove.isPending}
                onClick={() => {
                  setFormError(undefined)
                  remove.mutate()
                }}
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
