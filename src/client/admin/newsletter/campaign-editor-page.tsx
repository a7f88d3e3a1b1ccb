import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import { ArrowLeft } from 'lucide-react'
import { useId, useState } from 'react'
import { Controller, type Resolver, useForm, useWatch } from 'react-hook-form'
import { Link, useNavigate, useParams } from 'react-router'
import type { CampaignAnswer } from '../../../shared/campaigns/admin-contract'
import {
  CAMPAIGN_MESSAGES,
  CAMPAIGN_STATUS_LABELS,
  type CampaignFields,
  type CampaignInput,
  campaignInputSchema,
} from '../../../shared/campaigns/rules'
import { DEFAULT_SHOP_TIME_ZONE } from '../../../shared/shop-dates/format'
import { queries } from '../../lib/queries'
import { showServerErrors } from '../../lib/server-errors'
import { Badge } from '../../ui/badge'
import { Button } from '../../ui/button'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { EmptyState } from '../../ui/empty-state'
import { FormField } from '../../ui/form-field'
import { Input } from '../../ui/input'
import { ShopTime } from '../../ui/shop-time'
import { Skeleton } from '../../ui/skeleton'
import { Textarea } from '../../ui/textarea'
import { MarkdownPreview } from '../journal/markdown-preview'
import { ScheduleDialog } from '../journal/schedule-dialog'
import { PageHeader } from '../page-header'
import { campaignQuery, useCancelCampaign, useSaveCampaign, useSendCampaign, useSendTest } from './api'
import { PiecesField, StoryField } from './campaign-blocks'
import { MailPreview } from './mail-preview'

// /admin/newsletter/new and /admin/newsletter/:id (issue 38): a draft's subject, preview text and
// Markdown body beside the journal's preview; then a test to the owner's own address, and sending
// now or at a time on the shop's clock. A campaign on its way shows what happened to it.
// Up to six pieces and a journal story are picked below the text (campaign-blocks.tsx).

interface EditorValues {
  subject: string
  previewText: string
  body: string
  productIds: number[]
  journalPostId: number | null
}

const valuesOf = (campaign?: CampaignAnswer): EditorValues => ({
  subject: campaign?.subject ?? '',
  previewText: campaign?.previewText ?? '',
  body: campaign?.body ?? '',
  productIds: campaign?.productIds ?? [],
  journalPostId: campaign?.journalPostId ?? null,
})

const resolver = zodResolver(campaignInputSchema) as unknown as Resolver<EditorValues, unknown, CampaignInput>

export default function CampaignEditorPage() {
  const { id } = useParams()
  const campaignId = id === undefined ? undefined : Number(id)
  const query = useQuery({
    ...campaignQuery(campaignId ?? 0),
    enabled: campaignId !== undefined && campaignId > 0,
  })
  if (campaignId !== undefined && !(campaignId > 0)) return <CampaignMissing />
  if (campaignId !== undefined && query.isPending) return <Skeleton className="h-96 w-full" />
  if (campaignId !== undefined && !query.data) return <CampaignMissing />
  return <CampaignEditor key={campaignId ?? 'new'} saved={query.data} />
}

function CampaignMissing() {
  return (
    <EmptyState
      title={CAMPAIGN_MESSAGES.notFound}
      action={
        <Button asChild>
          <Link to="/admin/newsletter">All campaigns</Link>
        </Button>
      }
    />
  )
}

function CampaignEditor({ saved }: { saved: CampaignAnswer | undefined }) {
  const id = useId()
  const navigate = useNavigate()
  const save = useSaveCampaign()
  const test = useSendTest()
  const send = useSendCampaign()
  const cancel = useCancelCampaign()
  const { data: store } = useQuery(queries.store())
  const timeZone = store?.timeZone ?? DEFAULT_SHOP_TIME_ZONE
  const form = useForm<EditorValues, unknown, CampaignInput>({ resolver, defaultValues: valuesOf(saved) })
  const { errors, isDirty } = form.formState
  const [subject, body] = useWatch({ control: form.control, name: ['subject', 'body'] })
  const [scheduling, setScheduling] = useState(false)
  const [sendingNow, setSendingNow] = useState(false)
  const editable = !saved || saved.status === 'draft' || saved.status === 'cancelled'

  /** Saves the draft as typed; resolves to its id, or undefined when it was refused (fields kept). */
  const saveDraft = async (): Promise<number | undefined> => {
    if (saved && !isDirty) return saved.id
    let savedId: number | undefined
    await form.handleSubmit(async (fields) => {
      const input: CampaignFields = {
        subject: fields.subject,
        previewText: fields.previewText ?? undefined,
        body: fields.body,
        productIds: fields.productIds,
        journalPostId: fields.journalPostId,
      }
      try {
        const campaign = await save.mutateAsync({ id: saved?.id, input })
        form.reset(valuesOf(campaign))
        savedId = campaign.id
        if (!saved) navigate(`/admin/newsletter/${campaign.id}`, { replace: true })
      } catch (error) {
        showServerErrors(form, error, {
          fields: ['subject', 'previewText', 'body', 'productIds', 'journalPostId'],
        })
      }
    })()
    return savedId
  }

  const sendTest = async () => {
    const campaignId = await saveDraft()
    if (campaignId !== undefined) await test.mutateAsync(campaignId).catch(() => {})
  }

  return (
    <>
      <Link
        to="/admin/newsletter"
        className="mb-4 inline-flex items-center gap-2 text-sm text-ink-muted hover:text-jade-700"
      >
        <ArrowLeft className="size-4" aria-hidden /> All campaigns
      </Link>
      <PageHeader
        title={saved ? 'Edit Campaign' : 'New Campaign'}
        description={saved ? <CampaignState campaign={saved} /> : 'A letter to every confirmed subscriber.'}
      />
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          void saveDraft()
        }}
        className="grid gap-8"
      >
        <fieldset disabled={!editable} className="grid min-w-0 gap-5">
          <FormField label="Subject" htmlFor={`${id}-subject`} error={errors.subject?.message}>
            <Input {...form.register('subject')} maxLength={170} autoComplete="off" />
          </FormField>
          <FormField
            label="Preview text"
            htmlFor={`${id}-preview`}
            error={errors.previewText?.message}
            hint="The line a mail program shows beside the subject."
          >
            <Input {...form.register('previewText')} maxLength={220} autoComplete="off" />
          </FormField>
          <div className="grid min-w-0 gap-6 lg:grid-cols-2">
            <FormField
              label="Message"
              htmlFor={`${id}-body`}
              className="content-start"
              error={errors.body?.message}
              hint={
                <>
                  Markdown: <code>## Heading</code>, <code>**bold**</code>, <code>[a link](/products)</code>.
                </>
              }
            >
              <Textarea {...form.register('body')} rows={16} className="min-h-[18rem] font-mono text-sm" />
            </FormField>
            <section aria-label="Preview" className="min-w-0">
              <p className="mb-2 text-sm font-medium text-ink">Preview</p>
              <div className="max-h-[40rem] min-h-[18rem] overflow-y-auto border border-ink/10 bg-white px-5 py-6">
                <MarkdownPreview content={body} title={subject} />
              </div>
            </section>
          </div>
          <div className="grid min-w-0 gap-6 border-t border-ink/10 pt-6 lg:grid-cols-2">
            <Controller
              control={form.control}
              name="productIds"
              render={({ field }) => (
                <PiecesField
                  id={`${id}-pieces`}
                  value={field.value}
                  onChange={field.onChange}
                  disabled={!editable}
                  error={errors.productIds?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="journalPostId"
              render={({ field }) => (
                <StoryField
                  id={`${id}-story`}
                  value={field.value}
                  onChange={field.onChange}
                  disabled={!editable}
                  error={errors.journalPostId?.message}
                />
              )}
            />
          </div>
        </fieldset>
        <div className="flex flex-wrap gap-3 border-t border-ink/10 pt-6">
          {editable ? (
            <>
              <Button type="submit" variant="secondary" loading={save.isPending}>
                Save draft
              </Button>
              <Button
                type="button"
                variant="secondary"
                onClick={() => void sendTest()}
                loading={test.isPending}
              >
                Send a test
              </Button>
              <Button type="button" variant="secondary" onClick={() => setScheduling(true)}>
                Schedule…
              </Button>
              <Button type="button" onClick={() => setSendingNow(true)}>
                Send now
              </Button>
            </>
          ) : (
            saved?.status === 'scheduled' && (
              <Button
                type="button"
                variant="secondary"
                loading={cancel.isPending}
                onClick={() => void cancel.mutateAsync(saved.id).catch(() => {})}
              >
                Cancel sending
              </Button>
            )
          )}
        </div>
      </form>
      {saved && (
        <div className="mt-10 border-t border-ink/10 pt-8">
          <MailPreview campaignId={saved.id} version={saved.updatedAt} />
        </div>
      )}
      <ScheduleDialog
        open={scheduling}
        onOpenChange={setScheduling}
        timeZone={timeZone}
        initial={saved?.sendAt ?? null}
        title="Schedule this campaign"
        description="It goes to the subscribers confirmed at this time."
        messages={{ invalid: CAMPAIGN_MESSAGES.atInvalid, past: CAMPAIGN_MESSAGES.atPast }}
        onSchedule={async (at) => {
          const campaignId = await saveDraft()
          if (campaignId === undefined) return false
          return send
            .mutateAsync({ id: campaignId, at: at.toISOString() })
            .then(() => true)
            .catch(() => false)
        }}
      />
      <ConfirmDialog
        open={sendingNow}
        onOpenChange={setSendingNow}
        title="Send this campaign now?"
        description="Every confirmed subscriber gets it, once. This cannot be undone."
        confirmLabel="Send now"
        pendingLabel="Sending…"
        onConfirm={async () => {
          const campaignId = await saveDraft()
          // The form names what kept it from being saved, beside its fields.
          if (campaignId === undefined)
            throw new Error('The campaign could not be saved: see the fields above.')
          await send.mutateAsync({ id: campaignId })
        }}
      />
    </>
  )
}

/** The campaign's status, its time, and what happened to it once on its way. */
function CampaignState({ campaign }: { campaign: CampaignAnswer }) {
  const at = campaign.finishedAt ?? campaign.startedAt ?? campaign.sendAt
  return (
    <span className="inline-flex flex-wrap items-center gap-x-3 gap-y-1">
      <Badge variant={campaign.status === 'sent' ? 'available' : 'neutral'}>
        {CAMPAIGN_STATUS_LABELS[campaign.status]}
      </Badge>
      {at && <ShopTime iso={at} />}
      {campaign.status !== 'draft' && (
        <span className="tabular-nums">
          {`${campaign.sent} of ${campaign.recipients} sent · ${campaign.failed} failed · ${campaign.unsubscribed} unsubscribed`}
        </span>
      )}
    </span>
  )
}
