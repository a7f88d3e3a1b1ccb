import { useQuery } from '@tanstack/react-query'
import { Check, Copy } from 'lucide-react'
import { useEffect, useState, useSyncExternalStore } from 'react'
import { NavLink, Route, Routes } from 'react-router'
import { FEED_PATHS, type FeedSettings } from '../../../shared/settings/schema'
import { cn } from '../../lib/cn'
import { useFailureToast } from '../../lib/use-failure-toast'
import { Button } from '../../ui/button'
import { Checkbox } from '../../ui/checkbox'
import { Label } from '../../ui/label'
import { Skeleton } from '../../ui/skeleton'
import { toast } from '../../ui/use-toast'
import { AdminNotFound } from '../admin-not-found'
import { PageHeader } from '../page-header'
import { settingsQueries, useSaveFeeds, useSaveStaffSecurity } from './api'
import { TaxSettingsPage } from './tax/tax-settings-page'

const FEEDS: {
  key: keyof FeedSettings
  title: string
  toggle: string
  where: string
}[] = [
  {
    key: 'google',
    title: 'Google Shopping',
    toggle: 'List my pieces on Google Shopping',
    where:
      'In Merchant Center, add a product source, choose "Add product data from a file", and paste this address as a scheduled fetch (daily).',
  },
  {
    key: 'meta',
    title: 'Instagram and Facebook',
    toggle: 'List my pieces on Instagram and Facebook',
    where:
      'In Commerce Manager, open your catalogue, add items with a data feed, and paste this address as a scheduled feed (daily).',
  },
]

/** The owner's settings, one area a concern: where the catalogue is listed (issue 37), sales tax (issue 34). */
export function SettingsPage() {
  return (
    <>
      <PageHeader
        title="Settings"
        description="Where your pieces appear beyond the shop, the tax you collect, and how your team signs in."
      />
      <SettingsNav />
      <Routes>
        <Route index element={<ProductFeeds />} />
        <Route path="tax" element={<TaxSettingsPage />} />
        <Route path="sign-in" element={<SignInSettings />} />
        <Route path="*" element={<AdminNotFound />} />
      </Routes>
    </>
  )
}

const AREAS = [
  { to: '/admin/settings', label: 'Product feeds', end: true },
  { to: '/admin/settings/tax', label: 'Sales tax', end: false },
  { to: '/admin/settings/sign-in', label: 'Sign-in', end: false },
] as const

function SettingsNav() {
  return (
    <nav aria-label="Settings" className="mb-8 flex gap-1 overflow-x-auto border-b border-ink/10">
      {AREAS.map((area) => (
        <NavLink
          key={area.to}
          to={area.to}
          end={area.end}
          className={({ isActive }) =>
            cn(
              '-mb-px whitespace-nowrap border-b-2 px-3 py-2.5 text-sm transition-colors',
              isActive
                ? 'border-jade-700 font-medium text-ink'
                : 'border-transparent text-ink-muted hover:text-ink',
            )
          }
        >
          {area.label}
        </NavLink>
      ))}
    </nav>
  )
}

function ProductFeeds() {
  const feeds = useQuery(settingsQueries.feeds())
  useFailureToast('Failed to load settings', feeds.error)
  const save = useSaveFeeds()

  return (
    <section aria-labelledby="feeds-title" className="max-w-3xl">
      <h2 id="feeds-title" className="font-display text-2xl text-ink">
        Product feeds
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Every piece on sale with a picture, with its price and link, updated as soon as a piece sells.
        Reserved and sold pieces are left out.
      </p>
      <div className="mt-5 divide-y divide-ink/10 border-y border-ink/10">
        {FEEDS.map((feed) => {
          const on = feeds.data?.[feed.key] ?? false
          return (
            <div key={feed.key} className="py-5">
              <h3 className="font-display text-xl text-ink">{feed.title}</h3>
              {feeds.data ? (
                <div className="mt-3 flex items-center gap-3">
                  <Checkbox
                    id={`feed-${feed.key}`}
                    checked={on}
                    disabled={save.isPending}
                    onCheckedChange={(checked) =>
                      save.mutate({ ...feeds.data, [feed.key]: checked === true })
                    }
                  />
                  <Label htmlFor={`feed-${feed.key}`} className="cursor-pointer leading-snug">
                    {feed.toggle}
                  </Label>
                </div>
              ) : (
                <Skeleton className="mt-3 h-5 w-64 max-w-full" />
              )}
              {on && <FeedAddress path={FEED_PATHS[feed.key]} where={feed.where} />}
            </div>
          )
        })}
      </div>
    </section>
  )
}

/**
 * Whether Owners, like Managers and Bookkeepers, must sign in with a second factor (issue 35).
 * Off by default: the specification's password sign-in stays the Owner's until an Owner who has a
 * second factor turns this on.
 */
function SignInSettings() {
  const settings = useQuery(settingsQueries.staffSecurity())
  useFailureToast('Failed to load settings', settings.error)
  const save = useSaveStaffSecurity()
  return (
    <section aria-labelledby="sign-in-title" className="max-w-3xl">
      <h2 id="sign-in-title" className="font-display text-2xl text-ink">
        Sign-in
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Managers and Bookkeepers always sign in with a code from an authenticator app as well as their
        password. You can ask the same of every Owner.
      </p>
      <div className="mt-5 border-y border-ink/10 py-5">
        {settings.data ? (
          <div className="flex items-start gap-3">
            <Checkbox
              id="owners-two-factor"
              className="mt-0.5"
              checked={settings.data.ownersNeedTwoFactor}
              disabled={save.isPending}
              onCheckedChange={(checked) => save.mutate({ ownersNeedTwoFactor: checked === true })}
            />
            <Label htmlFor="owners-two-factor" className="cursor-pointer leading-snug">
              Owners must use two-factor sign-in
              <span className="mt-1 block text-sm font-normal text-ink-muted">
                An Owner without it can only set it up until it is on. Turn it on for your own account first
                (Profile, Two-Factor Sign-In).
              </span>
            </Label>
          </div>
        ) : (
          <Skeleton className="h-5 w-72 max-w-full" />
        )}
      </div>
    </section>
  )
}

/** Copy feedback lasts 2 seconds (back-office.md §9). */
const COPIED_MS = 2000

const noChange = () => () => {}

/**
 * The shop's origin as the browser has it. The server draws the back office too (issue 32), with
 * no window to read it from: it draws the feed's path alone, and the browser puts the origin in
 * after hydrating, as the dashboard's greeting does with the member's clock.
 */
function useOrigin(): string {
  return useSyncExternalStore(
    noChange,
    () => window.location.origin,
    () => '',
  )
}

function FeedAddress({ path, where }: { path: string; where: string }) {
  const address = `${useOrigin()}${path}`
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), COPIED_MS)
    return () => clearTimeout(timer)
  }, [copied])
  async function copy() {
    try {
      await navigator.clipboard.writeText(address)
      setCopied(true)
    } catch {
      toast({
        variant: 'destructive',
        title: 'Failed to copy',
        description: 'Please copy the address manually',
      })
    }
  }
  return (
    <div className="mt-4 rounded-sm bg-sand p-3">
      <p className="text-sm text-ink-muted">{where}</p>
      <div className="mt-2 flex min-w-0 items-center gap-2">
        <code className="min-w-0 flex-1 break-all rounded-sm border border-ink/15 bg-ivory px-2 py-1.5 text-sm text-ink">
          {address}
        </code>
        <Button
          variant="secondary"
          size="sm"
          onClick={copy}
          aria-label={copied ? 'Copied' : `Copy ${address}`}
        >
          {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
    </div>
  )
}
