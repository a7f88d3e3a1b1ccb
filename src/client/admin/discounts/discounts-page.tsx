import { useQuery } from '@tanstack/react-query'
import { Plus, TicketPercent } from 'lucide-react'
import { useMemo, useState } from 'react'
import type { Discount } from '../../../shared/discounts/schema'
import { useFailureToast } from '../../lib/use-failure-toast'
import { useListParams } from '../../lib/use-list-params'
import { Button } from '../../ui/button'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { EmptyState } from '../../ui/empty-state'
import { ListTable } from '../list-table'
import { ListToolbar } from '../list-toolbar'
import { PageHeader } from '../page-header'
import { discountsPageQuery, useDeleteDiscount } from './api'
import { discountColumns } from './discount-columns'
import { DiscountDialog } from './discount-dialog'

/** /admin/discounts: the codes shoppers type in the cart, with their status and uses (issue 25). */
export function DiscountsPage() {
  const list = useListParams()
  const query = useQuery(discountsPageQuery(list.params))
  const remove = useDeleteDiscount()
  // The dialog is keyed by what it edits, so each opening starts from that code's values.
  const [editing, setEditing] = useState<{ discount?: Discount; key: number }>()
  const [deleting, setDeleting] = useState<Discount>()
  const columns = useMemo(
    () => discountColumns((discount) => setEditing({ discount, key: Date.now() }), setDeleting),
    [],
  )
  useFailureToast('Could not load the discount codes', query.error)
  const create = () => setEditing({ key: Date.now() })

  return (
    <>
      <PageHeader
        title="Discounts"
        description={
          query.data
            ? `${query.data.total} ${query.data.total === 1 ? 'code' : 'codes'}`
            : 'Codes shoppers type in the cart or at checkout.'
        }
        actions={
          <Button onClick={create}>
            <Plus className="size-4" aria-hidden /> New Code
          </Button>
        }
      />
      <ListToolbar list={list} label="Search codes" placeholder="Search by code" />
      <ListTable
        caption="Discount codes"
        noun={{ one: 'code', other: 'codes' }}
        columns={columns}
        list={list}
        query={query}
        empty={
          <EmptyState
            icon={<TicketPercent className="size-7" aria-hidden />}
            title={list.search ? 'No codes found' : 'No discount codes yet'}
            description={
              list.search
                ? `No code matches "${list.search}".`
                : 'Create a code for a fair, a newsletter or a returning client.'
            }
            action={<Button onClick={create}>Create a Code</Button>}
          />
        }
      />
      {editing && (
        <DiscountDialog
          key={editing.key}
          open
          onOpenChange={(open) => !open && setEditing(undefined)}
          discount={editing.discount}
        />
      )}
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(undefined)}
        title={`Delete ${deleting?.code ?? 'this code'}?`}
        description={`Shoppers will no longer be able to use "${deleting?.code}". Orders placed with it keep their discount. This cannot be undone.`}
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        destructive
        onConfirm={() => remove.mutateAsync(deleting!.id)}
      />
    </>
  )
}
