import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import { ArrowLeft, ExternalLink } from 'lucide-react'
import { type Ref, useEffect, useId, useState } from 'react'
import { Controller, type Resolver, useForm, useWatch } from 'react-hook-form'
import { Link, useNavigate, useParams } from 'react-router'
import type { AdminPost } from '../../../shared/journal/admin-contract'
import { JOURNAL_LIMITS, JOURNAL_MESSAGES, journalPath, slugify } from '../../../shared/journal/rules'
import { type PostInput, postInputSchema } from '../../../shared/journal/schema'
import { formatDateTime } from '../../../shared/shop-dates/date-time'
import { DEFAULT_SHOP_TIME_ZONE } from '../../../shared/shop-dates/format'
import { queries } from '../../lib/queries'
import { showServerErrors } from '../../lib/server-errors'
import { Button } from '../../ui/button'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { EmptyState } from '../../ui/empty-state'
import { FormField } from '../../ui/form-field'
import { Input } from '../../ui/input'
import { Skeleton } from '../../ui/skeleton'
import { Textarea } from '../../ui/textarea'
import { PageHeader } from '../page-header'
import { journalQueries, type SaveIntent, useDeletePost, useSavePost } from './api'
import { FeaturedImageField, TagsField } from './editor-fields'
import { MarkdownPreview } from './markdown-preview'
import { PostStateBadge } from './post-columns'
import { ScheduleDialog } from './schedule-dialog'

/** What the editor holds; the publication state changes only through its buttons. */
interface EditorValues {
  title: string
  slug: string
  content: string
  category: string
  excerpt: string
  byline: string
  featuredImage: string
  tags: string[]
  metaDescription: string
}

const EMPTY: EditorValues = {
  title: '',
  slug: '',
  content: '',
  category: '',
  excerpt: '',
  byline: '',
  featuredImage: '',
  tags: [],
  metaDescription: '',
}

const valuesOf = (post: AdminPost): EditorValues => ({
  title: post.title,
  slug: post.slug,
  content: post.content,
  category: post.category,
  excerpt: post.excerpt ?? '',
  byline: post.byline ?? '',
  featuredImage: post.featuredImage ?? '',
  tags: post.tags,
  metaDescription: post.metaDescription ?? '',
})

type Publication = Pick<PostInput, 'published' | 'publishedAt'>

/** What the fields send: an empty optional field is none. */
const inputOf = (values: EditorValues): PostInput => ({
  ...values,
  slug: values.slug || null,
  excerpt: values.excerpt || null,
  byline: values.byline || null,
  featuredImage: values.featuredImage || null,
  metaDescription: values.metaDescription || null,
})

/** The form's own name for a server message about the publication (the buttons choose it). */
type EditorForm = EditorValues & { publishedAt?: string | null }

const checkPost = zodResolver(postInputSchema, undefined, { raw: true })
/** The route's schema on what the fields send; the publication the buttons add is theirs to get right. */
const resolver: Resolver<EditorForm, unknown, PostInput> = (values, context, options) =>
  checkPost(inputOf(values), context, options as never) as ReturnType<
    Resolver<EditorForm, unknown, PostInput>
  >

/** Every field a message may be about, the publication's included. */
const FIELDS = [...Object.keys(EMPTY), 'publishedAt']

/** /admin/journal/new and /admin/journal/:id. */
export default function PostEditorPage() {
  const { id } = useParams()
  const postId = id === undefined ? undefined : Number(id)
  const query = useQuery({ ...journalQueries.post(postId ?? 0), enabled: postId !== undefined && postId > 0 })
  if (postId !== undefined && !(postId > 0)) return <PostMissing />
  if (postId !== undefined && query.isPending) return <EditorSkeleton />
  if (postId !== undefined && !query.data) return <PostMissing />
  // A fresh editor per post: moving from one post to another never carries text across.
  return <PostEditor key={postId ?? 'new'} saved={query.data} />
}

function PostEditor({ saved }: { saved: AdminPost | undefined }) {
  const id = useId()
  const navigate = useNavigate()
  const save = useSavePost()
  const remove = useDeletePost()
  const { data: store } = useQuery(queries.store())
  const { data: page } = useQuery(journalQueries.list({ pageSize: '1' }))
  const timeZone = store?.timeZone ?? DEFAULT_SHOP_TIME_ZONE

  const form = useForm<EditorForm, unknown, PostInput>({
    resolver,
    defaultValues: saved ? valuesOf(saved) : EMPTY,
  })
  const { errors, isDirty: dirty } = form.formState
  const [title, content] = useWatch({ control: form.control, name: ['title', 'content'] })
  const [scheduling, setScheduling] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const [pendingIntent, setPendingIntent] = useState<SaveIntent>()

  // A tab closed or reloaded by mistake asks first; nothing typed is lost without a warning.
  useEffect(() => {
    if (!dirty) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [dirty])

  /**
   * Sends the whole post with the publication the button asks for; resolves to whether it was saved.
   * On any failure every field stays as typed, with the reasons beside them (the first focused); the
   * toast says what went wrong.
   */
  const submit = async (intent: SaveIntent, publication: Publication) => {
    let done = false
    await form.handleSubmit(async (fields) => {
      setPendingIntent(intent)
      try {
        const post = await save.mutateAsync({ id: saved?.id, input: { ...fields, ...publication }, intent })
        form.reset(valuesOf(post))
        if (!saved) navigate(`/admin/journal/${post.id}`, { replace: true })
        done = true
      } catch (error) {
        showServerErrors(form, error, { fields: FIELDS })
      } finally {
        setPendingIntent(undefined)
      }
    })()
    return done
  }

  const state = saved?.state ?? 'draft'
  const keepPublication = { published: saved?.published ?? false, publishedAt: saved?.publishedAt ?? null }
  const busy = save.isPending
  const slugPlaceholder = slugify(title) || 'made-from-the-title'

  return (
    <>
      <Link
        to="/admin/journal"
        className="mb-4 inline-flex items-center gap-2 text-sm text-ink-muted hover:text-jade-700"
      >
        <ArrowLeft className="size-4" aria-hidden /> All stories
      </Link>
      <PageHeader
        title={saved ? 'Edit Story' : 'New Story'}
        description={<Publication saved={saved} timeZone={timeZone} />}
        actions={
          saved?.state === 'published' && (
            <Button asChild variant="secondary" size="sm">
              <a href={journalPath(saved.slug)} target="_blank" rel="noreferrer">
                <ExternalLink className="size-4" aria-hidden /> View on the site
              </a>
            </Button>
          )
        }
      />

      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          void submit('save', keepPublication)
        }}
        className="grid gap-8"
      >
        <div className="grid gap-5">
          <FormField label="Title" htmlFor={`${id}-title`} error={errors.title?.message}>
            <Input
              {...form.register('title')}
              maxLength={JOURNAL_LIMITS.titleMax + 20}
              className="h-12 font-display text-2xl sm:text-2xl"
              autoComplete="off"
            />
          </FormField>
          <FormField
            label="Address"
            htmlFor={`${id}-slug`}
            error={errors.slug?.message}
            hint={
              saved
                ? 'Changing it changes the story’s address; links to the old one will stop working.'
                : 'Lowercase letters, numbers and hyphens. Leave empty to make it from the title.'
            }
          >
            <div className="flex min-w-0 items-center rounded-sm border border-ink/50 bg-ivory transition-colors hover:border-ink/70 focus-within:border-jade-700">
              <span className="shrink-0 pl-3 text-sm text-ink-muted">/journal/</span>
              <Controller
                control={form.control}
                name="slug"
                render={({ field }) => (
                  <Input
                    ref={field.ref}
                    name={field.name}
                    value={field.value}
                    onChange={(event) => field.onChange(event.target.value.toLowerCase())}
                    onBlur={field.onBlur}
                    placeholder={slugPlaceholder}
                    className="min-w-0 border-0 pl-0.5 focus-visible:shadow-none"
                    autoComplete="off"
                    spellCheck={false}
                  />
                )}
              />
            </div>
          </FormField>
        </div>

        <div className="grid gap-6 lg:grid-cols-2">
          <FormField
            label="Story"
            htmlFor={`${id}-content`}
            className="content-start"
            error={errors.content?.message}
            hint={
              <>
                Markdown: <code>## Heading</code>, <code>**bold**</code>, <code>&gt; quote</code>,{' '}
                <code>![alt](/uploads/…)</code>. Link a piece with <code>[its name](/product/12)</code>: it
                shows as a card under the story.
              </>
            }
          >
            <Textarea
              {...form.register('content')}
              rows={22}
              className="min-h-[24rem] font-mono text-sm leading-relaxed"
              spellCheck
            />
          </FormField>
          <section aria-label="Preview" className="min-w-0">
            <p className="mb-2 text-sm font-medium text-ink">Preview</p>
            <div className="max-h-[44rem] min-h-[24rem] overflow-y-auto border border-ink/10 bg-white px-5 py-6 sm:px-8">
              <MarkdownPreview content={content} title={title} />
            </div>
          </section>
        </div>

        <div className="grid gap-8 border-t border-ink/10 pt-8 lg:grid-cols-2">
          <Controller
            control={form.control}
            name="featuredImage"
            render={({ field }) => (
              <FeaturedImageField
                id={`${id}-image`}
                value={field.value}
                onChange={field.onChange}
                error={errors.featuredImage?.message}
              />
            )}
          />
          <div className="grid content-start gap-5">
            <FormField
              label="Category"
              htmlFor={`${id}-category`}
              error={errors.category?.message}
              hint="Guides, Care, Stories…"
            >
              <Input
                {...form.register('category')}
                list={`${id}-categories`}
                maxLength={JOURNAL_LIMITS.categoryMax + 10}
                autoComplete="off"
              />
            </FormField>
            <datalist id={`${id}-categories`}>
              {(page?.categories ?? []).map((category) => (
                <option key={category} value={category} />
              ))}
            </datalist>
            <Controller
              control={form.control}
              name="tags"
              render={({ field }) => (
                <TagsField
                  id={`${id}-tags`}
                  value={field.value}
                  onChange={field.onChange}
                  // A tag too long is reported on the tag itself (tags.3); the list shows it.
                  error={errors.tags?.message ?? errors.tags?.find?.((tag) => tag)?.message}
                />
              )}
            />
            <FormField
              label="Excerpt"
              htmlFor={`${id}-excerpt`}
              error={errors.excerpt?.message}
              hint="The standfirst under the title and the line on cards; the opening is used when empty."
            >
              <Textarea {...form.register('excerpt')} rows={3} className="min-h-0" />
            </FormField>
            <FormField
              label="Byline"
              htmlFor={`${id}-byline`}
              error={errors.byline?.message}
              hint={`Shown as "By …" on the story. Left empty: your first and last name from your profile, or ${store?.name ?? 'the shop'}'s name.`}
            >
              <Input
                {...form.register('byline')}
                maxLength={JOURNAL_LIMITS.bylineMax + 10}
                placeholder={store?.name}
                autoComplete="off"
              />
            </FormField>
            <Controller
              control={form.control}
              name="metaDescription"
              render={({ field }) => (
                <MetaDescriptionField
                  id={`${id}-meta`}
                  inputRef={field.ref}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errors.metaDescription?.message}
                />
              )}
            />
          </div>
        </div>

        {errors.publishedAt && (
          <p role="alert" className="text-sm text-destructive">
            {errors.publishedAt.message}
          </p>
        )}

        <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-x-4 gap-y-3 border-t border-ink/10 bg-ivory/95 px-4 py-3 backdrop-blur sm:-mx-8 sm:px-8">
          <span className="flex items-center gap-2 text-sm text-ink-muted" aria-live="polite">
            <PostStateBadge state={state} />
            {dirty ? 'Unsaved changes' : saved ? 'All changes saved' : ''}
          </span>
          <div className="ml-auto flex flex-wrap justify-end gap-2">
            {saved && (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="text-destructive"
                onClick={() => setDeleting(true)}
              >
                Delete
              </Button>
            )}
            {state !== 'draft' && (
              <Button
                type="button"
                variant="secondary"
                size="sm"
                disabled={busy}
                loading={pendingIntent === 'unpublish'}
                onClick={() =>
                  void submit('unpublish', { published: false, publishedAt: saved?.publishedAt ?? null })
                }
              >
                Unpublish
              </Button>
            )}
            <Button
              type="submit"
              variant="secondary"
              size="sm"
              disabled={busy}
              loading={pendingIntent === 'save'}
            >
              {state === 'draft' ? 'Save Draft' : 'Save'}
            </Button>
            {state !== 'published' && (
              <Button
                type="button"
                variant="secondary"
                size="sm"
                disabled={busy}
                onClick={() => setScheduling(true)}
              >
                {state === 'scheduled' ? 'Reschedule' : 'Schedule'}
              </Button>
            )}
            {state !== 'published' && (
              <Button
                type="button"
                size="sm"
                disabled={busy}
                loading={pendingIntent === 'publish'}
                onClick={() => void submit('publish', { published: true, publishedAt: null })}
              >
                {state === 'scheduled' ? 'Publish Now' : 'Publish'}
              </Button>
            )}
          </div>
        </div>
      </form>

      <ScheduleDialog
        open={scheduling}
        onOpenChange={setScheduling}
        timeZone={timeZone}
        initial={saved?.state === 'scheduled' ? saved.publishedAt : null}
        onSchedule={(at) => submit('schedule', { published: true, publishedAt: at.toISOString() })}
      />
      {saved && (
        <ConfirmDialog
          open={deleting}
          onOpenChange={setDeleting}
          title="Delete this story?"
          description={`"${saved.title}" will be removed from the Journal for good, with its address and view count. This cannot be undone.`}
          confirmLabel="Delete"
          pendingLabel="Deleting…"
          destructive
          onConfirm={async () => {
            await remove.mutateAsync(saved.id)
            // Gone: nothing is left unsaved to warn about on the way out.
            form.reset(form.getValues())
            navigate('/admin/journal', { replace: true })
          }}
        />
      )}
    </>
  )
}

/** Where the story stands, in the shop's time zone. */
function Publication({ saved, timeZone }: { saved: AdminPost | undefined; timeZone: string }) {
  if (!saved) return 'A draft until you publish or schedule it.'
  if (saved.state === 'scheduled')
    return `Scheduled for ${formatDateTime(saved.publishedAt!, timeZone, { zoneName: true })}; readers see it from then.`
  if (saved.state === 'published')
    return `Published ${formatDateTime(saved.publishedAt!, timeZone, { zoneName: true })} · ${saved.viewCount.toLocaleString('en-US')} ${saved.viewCount === 1 ? 'view' : 'views'} · ${saved.readingTime} min read`
  return 'Draft: only you can see it.'
}

function MetaDescriptionField({
  id,
  inputRef,
  value,
  onChange,
  onBlur,
  error,
}: {
  id: string
  inputRef?: Ref<HTMLTextAreaElement>
  value: string
  onChange: (value: string) => void
  onBlur?: () => void
  error?: string | undefined
}) {
  const length = value.trim().length
  const over = length > JOURNAL_LIMITS.metaDescriptionMax
  return (
    <FormField
      label="Meta description"
      htmlFor={id}
      error={error}
      hint={
        <span className="flex justify-between gap-4">
          <span>What search results show under the title.</span>
          <span
            className={over ? 'font-medium text-destructive tabular-nums' : 'tabular-nums'}
            aria-live="polite"
          >
            {length}/{JOURNAL_LIMITS.metaDescriptionMax}
          </span>
        </span>
      }
    >
      <Textarea
        ref={inputRef}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        rows={3}
        className="min-h-0"
      />
    </FormField>
  )
}

function PostMissing() {
  return (
    <EmptyState
      title={JOURNAL_MESSAGES.notFound}
      description="It may have been deleted."
      action={
        <Button asChild>
          <Link to="/admin/journal">All stories</Link>
        </Button>
      }
    />
  )
}

function EditorSkeleton() {
  return (
    <div aria-busy="true">
      <span className="sr-only">Loading the story…</span>
      <Skeleton className="h-10 w-56" />
      <Skeleton className="mt-8 h-12 w-full" />
      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-96" />
        <Skeleton className="h-96" />
      </div>
    </div>
  )
}
