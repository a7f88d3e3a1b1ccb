import { useQuery } from '@tanstack/react-query'
import { Gift, Plus } from 'lucide-react'
import { useState } from 'react'
import { Route, Routes } from 'react-router'
import { useFailureToast } from '../../lib/use-failure-toast'
import { useListParams } from '../../lib/use-list-params'
import { Button } from '../../ui/button'
import { EmptyState } from '../../ui/empty-state'
import { ListTable } from '../list-table'
import { ListToolbar } from '../list-toolbar'
import { PageHeader } from '../page-header'
import { giftCardsPageQuery } from './api'
import { giftCardColumns } from './gift-card-columns'
import { GiftCardDetailPage } from './gift-card-detail'
import { GiftCardPurchases } from './gift-card-purchases'
import { IssueGiftCardDialog } from './issue-dialog'

/** /admin/gift-cards: the cards the shop owes on, and /admin/gift-cards/:id, one card's history (issue 36). */
export function GiftCardsPage() {
  return (
    <Routes>
      <Route index element={<GiftCardList />} />
      <Route path=":id" element={<GiftCardDetailPage />} />
    </Routes>
  )
}

function GiftCardList() {
  const list = useListParams()
  const query = useQuery(giftCardsPageQuery(list.params))
  // Keyed per opening: each one starts empty, and the code shown once goes with it.
  const [issuing, setIssuing] = useState<number>()
  useFailureToast('Could not load the gift cards', query.error)
  const issue = () => setIssuing(Date.now())

  return (
    <>
      <PageHeader
        title="Gift cards"
        description={
          query.data
            ? `${query.data.total} ${query.data.total === 1 ? 'card' : 'cards'}`
            : 'Gift cards and store credit: what the shop owes their holders.'
        }
        actions={
          <Button onClick={issue}>
            <Plus className="size-4" aria-hidden /> Issue gift card
          </Button>
        }
      />
      <GiftCardPurchases />
      <ListToolbar list={list} label="Search gift cards" placeholder="Last four, recipient or buyer" />
      <ListTable
        caption="Gift cards"
        noun={{ one: 'card', other: 'cards' }}
        columns={giftCardColumns}
        list={list}
        query={query}
        empty={
          <EmptyState
            icon={<Gift className="size-7" aria-hidden />}
            title={list.search ? 'No gift cards found' : 'No gift cards yet'}
            description={
              list.search
                ? `No card matches "${list.search}".`
                : 'Issue one for a customer, a prize or a make-good; its code is e-mailed to the recipient.'
            }
            action={<Button onClick={issue}>Issue a gift card</Button>}
          />
        }
      />
      {issuing && (
        <IssueGiftCardDialog key={issuing} open onOpenChange={(open) => !open && setIssuing(undefined)} />
      )}
    </>
  )
}
