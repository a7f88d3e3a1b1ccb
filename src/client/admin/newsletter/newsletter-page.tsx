import { useQuery } from '@tanstack/react-query'
import { Plus, Send, Users } from 'lucide-react'
import { lazy, useMemo } from 'react'
import { Link, Route, Routes } from 'react-router'
import { CAMPAIGN_TAB_EMPTY, CAMPAIGN_TAB_LABELS, CAMPAIGN_TABS } from '../../../shared/campaigns/rules'
import { useFailureToast } from '../../lib/use-failure-toast'
import { useListParams } from '../../lib/use-list-params'
import { Badge } from '../../ui/badge'
import { Button } from '../../ui/button'
import { EmptyState } from '../../ui/empty-state'
import { ListTable } from '../list-table'
import { ListTabs } from '../list-tabs'
import { ListToolbar } from '../list-toolbar'
import { PageHeader } from '../page-header'
import { campaignQueries } from './api'
import { campaignColumns } from './campaign-columns'

const CampaignEditorPage = lazy(() => import('./campaign-editor-page'))

/** /admin/newsletter: the campaigns; /admin/newsletter/new and /admin/newsletter/:id: the editor. */
export function NewsletterPage() {
  return (
    <Routes>
      <Route index element={<CampaignList />} />
      <Route path="new" element={<CampaignEditorPage />} />
      <Route path=":id" element={<CampaignEditorPage />} />
    </Routes>
  )
}

/** The campaigns, as Drafts, Scheduled and Sent, with what happened to each (issue 38). */
function CampaignList() {
  const list = useListParams(['tab'] as const)
  const tabs = list.oneOf('tab', CAMPAIGN_TABS)
  const tab = tabs.value
  const query = useQuery(campaignQueries.list({ ...list.query, tab }))
  const columns = useMemo(() => campaignColumns(), [])
  useFailureToast('Could not load the campaigns', query.error)
  const counts = query.data?.counts

  return (
    <>
      <PageHeader
        title="Newsletter"
        description="Write to your subscribers: each confirmed subscriber gets one message."
        actions={
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="secondary">
              <Link to="/admin/subscribers">
                <Users className="size-4" aria-hidden /> Subscribers
              </Link>
            </Button>
            <Button asChild>
              <Link to="/admin/newsletter/new">
                <Plus className="size-4" aria-hidden /> New Campaign
              </Link>
            </Button>
          </div>
        }
      />
      <ListTabs
        choice={tabs}
        labels={CAMPAIGN_TAB_LABELS}
        className="mb-5 max-w-full gap-5 overflow-x-auto sm:gap-8"
        badge={(name) =>
          counts && (
            <Badge variant={name === 'scheduled' && counts.scheduled > 0 ? 'reserved' : 'neutral'}>
              {counts[name]}
            </Badge>
          )
        }
      />
      <ListToolbar list={list} label="Search campaigns" placeholder="Search by subject" />
      <ListTable
        caption="Newsletter campaigns"
        noun={{ one: 'campaign', other: 'campaigns' }}
        columns={columns}
        list={list}
        query={query}
        empty={
          <EmptyState
            icon={<Send className="size-7" aria-hidden />}
            title={list.search ? 'No campaigns found' : CAMPAIGN_TAB_EMPTY[tab]}
            description={
              list.search
                ? `No campaign subject matches "${list.search}".`
                : 'Tell your followers what just arrived: new pieces, a journal story, a show in town.'
            }
            action={
              <Button asChild>
                <Link to="/admin/newsletter/new">Write a Campaign</Link>
              </Button>
            }
          />
        }
      />
    </>
  )
}
