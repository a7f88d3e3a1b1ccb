import { type UseQueryResult, useQuery } from '@tanstack/react-query'
import {
  AlertTriangle,
  ArrowRight,
  BookOpen,
  Download,
  Gift,
  HandCoins,
  Image,
  Inbox,
  Mail,
  MessageSquareQuote,
  Package,
  ShieldCheck,
  ShoppingCart,
} from 'lucide-react'
import { type ReactNode, useEffect, useSyncExternalStore } from 'react'
import { Link } from 'react-router'
import { displayName } from '../../../shared/accounts/users'
import { formatCents } from '../../../shared/money'
import type { Permission, RoutePermission } from '../../../shared/staff/permissions'
import { useAuth } from '../../lib/auth'
import { toastFailure } from '../../lib/mutation-toasts'
import { Button } from '../../ui/button'
import { Skeleton } from '../../ui/skeleton'
import { allowedFor, useAccess } from '../access'
import { Figure, FigureGrid } from '../figures'
import { journalQueries } from '../journal/api'
import { PageHeader } from '../page-header'
import { WaitingSection } from '../piece-alerts/waiting-section'
import { productQueries } from '../products/api'
import { BACKUP_DOWNLOAD_URL, dashboardQueries } from './api'
import { TaxWatch } from './tax-watch'

const count = new Intl.NumberFormat('en-US')

/**
 * The owner's first look: money first, then the four cards of back-office.md §2 and the quick
 * actions. A member sees only what their role may read: each card's query runs only then.
 */
export function DashboardPage() {
  const { user } = useAuth()
  const { me, can } = useAccess()
  const ledger = can('ledger:view')
  const overview = useQuery(dashboardQueries.overview())
  const products = useQuery({ ...productQueries.summary(), enabled: can('products:view') })
  const inquiries = useQuery({ ...dashboardQueries.inquiries(), enabled: can('community:moderate') })
  const subscribers = useQuery({ ...dashboardQueries.subscribers(), enabled: can('customers:view') })
  const accounts = useQuery({ ...dashboardQueries.accounts(), enabled: can('customers:view') })
  const journal = useQuery({ ...journalQueries.summary(), enabled: can('journal:edit') })
  useFailureToast(products, 'Failed to load products data')
  useFailureToast(inquiries, 'Failed to load inquiries data')
  useFailureToast(subscribers, 'Failed to load subscription data')
  useFailureToast(journal, 'Failed to load journal data')

  const money = overview.data
  const quickActions = allowedFor(QUICK_ACTIONS, me?.permissions ?? [])
  const shopCards = SHOP_CARD_PERMISSIONS.some(can)
  const greeting = useGreeting()
  return (
    <>
      <PageHeader title="Dashboard" description={user ? `${greeting}, ${displayName(user)}.` : undefined} />

      <section aria-labelledby="money-heading" className="mb-10">
        <h2 id="money-heading" className="sr-only">
          Sales and payments
        </h2>
        <FigureGrid>
          {ledger && (
            <Figure
              label="Sales today"
              loading={!money}
              detail={money?.salesToday && plural(money.salesToday.count, 'sale')}
            >
              {money?.salesToday && formatCents(money.salesToday.amount)}
            </Figure>
          )}
          {ledger && (
            <Figure
              label="Sales this month"
              loading={!money}
              detail={
                money?.salesThisMonth &&
                `${plural(money.salesThisMonth.count, 'sale')}${
                  money.refundsThisMonth && money.refundsThisMonth.count > 0
                    ? ` · ${formatCents(money.refundsThisMonth.amount)} refunded`
                    : ''
                }`
              }
            >
              {money?.salesThisMonth && formatCents(money.salesThisMonth.amount)}
            </Figure>
          )}
          <Figure
            label="Awaiting payment"
            loading={!money}
            detail={money && <AwaitingDetail {...money.awaitingPayment} />}
            to={can('orders:view') ? '/admin/orders?tab=pending-payment' : undefined}
          >
            {money &&
              (money.awaitingPayment.balance === undefined
                ? count.format(money.awaitingPayment.orders)
                : formatCents(money.awaitingPayment.balance))}
          </Figure>
          <Figure
            label="Reserved pieces"
            loading={!money}
            detail="Held for orders until they are paid"
            to={can('products:view') ? '/admin/products?status=reserved' : undefined}
          >
            {money && count.format(money.reservedPieces)}
          </Figure>
        </FigureGrid>
      </section>

      {money?.failedRefunds && money.failedRefunds.count > 0 && (
        <FailedRefunds {...money.failedRefunds} canOpen={can('orders:view')} />
      )}
      {money?.webhookSilent && <WebhookSilent />}
      {ledger && <TaxWatch />}

      {user && !user.twoFactorEnabled && <TwoFactorRecommendation />}

      {shopCards && (
        <section aria-labelledby="shop-heading" className="mb-10">
          <h2 id="shop-heading" className="mb-4 font-display text-2xl text-ink">
            The shop
          </h2>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-5">
            {can('products:view') && (
              <Card
                icon={<Package className="size-5" aria-hidden />}
                title="Total Products"
                value={products.data?.products}
                detail={products.data && plural(products.data.categories, 'category', 'categories')}
                link={{ to: '/admin/products', label: 'Manage' }}
              />
            )}
            {can('community:moderate') && (
              <Card
                icon={<Inbox className="size-5" aria-hidden />}
                title="Customer Inquiries"
                value={inquiries.data?.inquiries}
                detail={inquiries.data && `${count.format(inquiries.data.unread)} unread`}
                link={{ to: '/admin/inquiries', label: 'View' }}
              />
            )}
            {can('customers:view') && (
              <Card
                icon={<Mail className="size-5" aria-hidden />}
                title="Newsletter Subscribers"
                value={subscribers.data?.subscribers}
                link={{ to: '/admin/subscribers', label: 'View All' }}
              />
            )}
            {can('journal:edit') && (
              <Card
                icon={<BookOpen className="size-5" aria-hidden />}
                title="Journal Stories"
                value={journal.data?.published}
                detail={
                  journal.data &&
                  `${count.format(journal.data.scheduled)} scheduled · ${count.format(journal.data.drafts)} ${journal.data.drafts === 1 ? 'draft' : 'drafts'}`
                }
                link={{ to: '/admin/journal', label: 'Write' }}
              />
            )}
            {ledger && (
              <Card
                icon={<Gift className="size-5" aria-hidden />}
                title="Gift Cards Outstanding"
                value={
                  money?.giftCardsOutstanding === undefined
                    ? undefined
                    : formatCents(money.giftCardsOutstanding)
                }
                detail="Owed on cards that can still be spent"
                link={can('giftcards:manage') ? { to: '/admin/gift-cards', label: 'Gift cards' } : undefined}
              />
            )}
            {can('customers:view') && (
              <Card
                icon={<ShieldCheck className="size-5" aria-hidden />}
                title="Admin Users"
                value={accounts.data?.admins}
                detail={accounts.data && `of ${plural(accounts.data.accounts, 'account')}`}
                link={{ to: '/admin/accounts', label: 'Accounts' }}
              />
            )}
          </div>
        </section>
      )}

      {can('products:view') && <WaitingSection />}

      {quickActions.length > 0 && (
        <section aria-labelledby="actions-heading">
          <h2 id="actions-heading" className="mb-4 font-display text-2xl text-ink">
            Quick actions
          </h2>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {quickActions.map(({ to, label, icon }) => (
              <Button key={to} asChild variant="secondary" className="h-12 justify-between">
                <Link to={to}>
                  <span className="inline-flex items-center gap-3">
                    {icon}
                    {label}
                  </span>
                  <ArrowRight className="size-4 text-ink-muted" aria-hidden />
                </Link>
              </Button>
            ))}
          </div>
        </section>
      )}

      {can('backup:download') && (
        <section aria-labelledby="backup-heading" className="mt-10 border-t border-ink/10 pt-8">
          <h2 id="backup-heading" className="mb-2 font-display text-2xl text-ink">
            Backup
          </h2>
          <p className="mb-4 max-w-prose text-sm text-ink-muted">
            One file with everything the shop holds: products, orders, customers and every uploaded picture.
            Download one regularly and keep it away from this server.
          </p>
          <Button asChild variant="secondary" className="h-12">
            <a href={BACKUP_DOWNLOAD_URL} download>
              <Download className="size-4" aria-hidden />
              Download backup
            </a>
          </Button>
        </section>
      )}
    </>
  )
}

/** The cards of "The shop", each behind its permission (one per card below). */
const SHOP_CARD_PERMISSIONS = [
  'ledger:view',
  'products:view',
  'community:moderate',
  'customers:view',
  'journal:edit',
] as const

/** With the ledger, the balance is the figure and the orders its detail; without it, the orders alone. */
function AwaitingDetail({ orders, balance }: { orders: number; balance?: number }) {
  if (balance === undefined) return <>{orders === 1 ? 'order awaits payment' : 'orders await payment'}</>
  return <>{`${plural(orders, 'order')} still ${orders === 1 ? 'owes' : 'owe'} this`}</>
}

/** Until the owner turns it on: the back office holds the shop's money and its customers. */
/** Card refunds whose automatic retries ran out: money owed to shoppers until the owner retries. */
function FailedRefunds({
  count,
  orderId,
  canOpen,
}: {
  count: number
  orderId: number | null
  canOpen: boolean
}) {
  return (
    <aside
      role="alert"
      className="mb-10 flex flex-col gap-4 border border-destructive bg-destructive/10 p-5 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex gap-3">
        <AlertTriangle className="mt-1 size-5 shrink-0 text-destructive" aria-hidden />
        <p className="text-ink">
          {count} refund{count === 1 ? '' : 's'} failed: retry
          <span className="block text-sm text-ink-muted">
            The card provider did not confirm {count === 1 ? 'it' : 'them'}; the money is still owed to the
            shopper.
          </span>
        </p>
      </div>
      {orderId !== null && canOpen && (
        <Button asChild variant="secondary" className="sm:shrink-0">
          <Link to={`/admin/orders?search=${encodeURIComponent(`#${orderId}`)}`}>Open order #{orderId}</Link>
        </Button>
      )}
    </aside>
  )
}

/** Card payments came in and Stripe's webhook did not: its secret or its endpoint is likely wrong. */
function WebhookSilent() {
  return (
    <aside role="alert" className="mb-10 flex gap-3 border border-destructive bg-destructive/10 p-5 text-ink">
      <AlertTriangle className="mt-1 size-5 shrink-0 text-destructive" aria-hidden />
      <p>
        Stripe's webhook has not been heard from in 24 hours, while card payments were made.
        <span className="block text-sm text-ink-muted">
          Check the webhook's endpoint and STRIPE_WEBHOOK_SECRET in Stripe's dashboard. Paid checkouts whose
          shoppers never came back are still turned into orders every few minutes.
        </span>
      </p>
    </aside>
  )
}

function TwoFactorRecommendation() {
  return (
    <aside
      aria-labelledby="two-factor-tip"
      className="mb-10 flex flex-col gap-4 border border-gold/50 bg-sand/40 p-5 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex gap-3">
        <ShieldCheck className="mt-1 size-5 shrink-0 text-jade-700" aria-hidden />
        <div>
          <h2 id="two-factor-tip" className="font-display text-xl text-ink">
            Recommended: two-factor sign-in
          </h2>
          <p className="mt-1 max-w-prose text-sm text-ink-muted">
            A code from your phone at each sign-in keeps the back office yours, even if your password leaks.
          </p>
        </div>
      </div>
      <Button asChild variant="secondary" className="sm:shrink-0">
        <Link to="/admin/profile?tab=two-factor">Set up two-factor sign-in</Link>
      </Button>
    </aside>
  )
}

/** Each action names what its page needs (sections.ts), so a member is offered only what opens. */
const QUICK_ACTIONS: {
  to: string
  label: string
  icon: ReactNode
  permission: RoutePermission
  unless?: Permission
}[] = [
  {
    to: '/admin/record-sale',
    label: 'Record Sale',
    icon: <HandCoins className="size-4" aria-hidden />,
    permission: 'sales:record',
    unless: 'ledger:view',
  },
  {
    to: '/admin/products',
    label: 'Manage Products',
    icon: <Package className="size-4" aria-hidden />,
    permission: 'products:view',
  },
  {
    to: '/admin/orders',
    label: 'Manage Orders',
    icon: <ShoppingCart className="size-4" aria-hidden />,
    permission: 'orders:view',
  },
  {
    to: '/admin/testimonials',
    label: 'Testimonials',
    icon: <MessageSquareQuote className="size-4" aria-hidden />,
    permission: 'community:moderate',
  },
  {
    to: '/admin/inquiries',
    label: 'View Inquiries',
    icon: <Inbox className="size-4" aria-hidden />,
    permission: 'community:moderate',
  },
  {
    to: '/admin/journal/new',
    label: 'Write a Story',
    icon: <BookOpen className="size-4" aria-hidden />,
    permission: 'journal:edit',
  },
  {
    to: '/admin/category-images',
    label: 'Category Images',
    icon: <Image className="size-4" aria-hidden />,
    permission: 'products:edit',
  },
  {
    to: '/admin/subscribers',
    label: 'View Subscribers',
    icon: <Mail className="size-4" aria-hidden />,
    permission: 'customers:view',
  },
]

function useFailureToast(query: UseQueryResult, title: string) {
  useEffect(() => {
    if (query.error) toastFailure(title, query.error)
  }, [query.error, title])
}

function Card({
  icon,
  title,
  value,
  detail,
  link,
}: {
  icon: ReactNode
  title: string
  /** A count, or money already formatted. */
  value: number | string | undefined
  detail?: ReactNode
  link?: { to: string; label: string }
}) {
  return (
    <article className="flex flex-col border border-ink/10 p-5">
      <div className="flex items-center justify-between text-ink-muted">
        <h3 className="font-sans text-sm font-medium text-ink">{title}</h3>
        <span className="text-jade-700">{icon}</span>
      </div>
      {/* A div, not a paragraph: the skeleton is a block, which a server-drawn <p> would split. */}
      <div className="mt-3 font-display text-3xl leading-none text-ink lining-nums tabular-nums">
        {value === undefined ? (
          <Skeleton className="h-8 w-16" />
        ) : typeof value === 'number' ? (
          count.format(value)
        ) : (
          value
        )}
      </div>
      <p className="mt-1 min-h-5 text-sm text-ink-muted">{detail}</p>
      {link && (
        <Link
          to={link.to}
          className="mt-4 inline-flex items-center gap-1 self-start text-sm text-jade-700 underline decoration-gold/60 underline-offset-4 hover:decoration-jade-700"
        >
          {link.label}
          <span className="sr-only"> {title.toLowerCase()}</span>
          <ArrowRight className="size-3.5" aria-hidden />
        </Link>
      )}
    </article>
  )
}

const plural = (n: number, one: string, many = `${one}s`) => `${count.format(n)} ${n === 1 ? one : many}`

const noChange = () => () => {}

/**
 * By the member's own clock, wherever they are; the server, which knows no such clock, draws a
 * plain "Welcome", and the browser puts the hour's greeting in after hydrating.
 */
function useGreeting(): string {
  return useSyncExternalStore(
    noChange,
    () => {
      const hour = new Date().getHours()
      return hour < 12 ? 'Good morning' : hour < 18 ? 'Good afternoon' : 'Good evening'
    },
    () => 'Welcome',
  )
}
