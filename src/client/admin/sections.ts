import type { QueryClient } from '@tanstack/react-query'
import {
  BookOpen,
  FileText,
  Gift,
  HandCoins,
  Image,
  Inbox,
  LayoutDashboard,
  Mail,
  MessageSquareQuote,
  Package,
  Receipt,
  Send,
  Settings,
  ShoppingCart,
  TicketPercent,
  UserCircle,
  UserCog,
  Users,
} from 'lucide-react'
import type { ComponentType } from 'react'
import type { Permission, RoutePermission } from '../../shared/staff/permissions'
import { lazyPage } from '../lib/lazy-page'
import { preloadDashboard } from './dashboard/api'
import { discountsPageQuery } from './discounts/api'
import { giftCardsPageQuery } from './gift-cards/api'
import { ordersPageQuery } from './orders/api'
import { productsPageQuery } from './products/api'
import { salesPageQuery, salesQueries } from './sales/api'
import { ADMIN_TITLES } from './section-titles'

export interface AdminSection {
  path: keyof typeof ADMIN_TITLES & string
  label: string
  /** What the member's role needs to open it ('staff': any member); others never see it listed. */
  permission: RoutePermission
  /** Not listed for members holding this: they reach the same screen another way. */
  unless?: Permission
  icon: typeof Package
  description: string
  /** The page's own chunk: a phone between fairs downloads only the pages it opens. */
  page: LazyPage
  /**
   * The screen's first queries, started as soon as the member is known to be signed in and allowed
   * to open it, while the page's code is still on its way (route-level preloading): data on
   * screen a round trip sooner.
   */
  preload?: (queryClient: QueryClient, params: URLSearchParams, permissions: readonly string[]) => void
  /** Shown apart from the shop's work, at the foot of the navigation. */
  group?: 'account'
}

/**
 * A lazy page whose chunk can be asked for before it renders (`load`), with the same download;
 * `chunk` is its import, as written.
 */
export type LazyPage = ComponentType & { load: () => Promise<unknown>; chunk: () => Promise<unknown> }

const page = <M>(chunk: () => Promise<M>, name: keyof M): LazyPage => {
  const { Page, load } = lazyPage(chunk, name)
  return Object.assign(Page, { load, chunk })
}

/**
 * The section a back-office path shows ('/admin/orders/…' → orders), if any. In any letter case, as
 * the router matches paths: '/Admin/Orders' shows the orders screen, whose code and data are then
 * asked for early too (admin-app's loadScreen, first-screen.ts).
 */
export function sectionOf(pathname: string): AdminSection | undefined {
  const path = /^\/admin\/([^/?#]+)/i.exec(pathname)?.[1]?.toLowerCase()
  return ADMIN_SECTIONS.find((section) => section.path === path)
}

/** The back office's navigation, in the order of back-office.md §2. */
export const ADMIN_SECTIONS: AdminSection[] = [
  {
    path: 'dashboard',
    permission: 'staff',
    label: ADMIN_TITLES.dashboard!,
    icon: LayoutDashboard,
    description: 'An overview of the shop.',
    page: page(() => import('./dashboard/dashboard-page'), 'DashboardPage'),
    preload: (client, _params, permissions) => preloadDashboard(client, permissions),
  },
  {
    path: 'products',
    permission: 'products:view',
    label: ADMIN_TITLES.products!,
    icon: Package,
    description: 'Add, edit and mark pieces as sold.',
    page: page(() => import('./products/products-page'), 'ProductsPage'),
    preload: (client, params) => void client.prefetchQuery(productsPageQuery(params)),
  },
  {
    path: 'orders',
    permission: 'orders:view',
    label: ADMIN_TITLES.orders!,
    icon: ShoppingCart,
    description: 'Payments, plans, packing and shipping.',
    page: page(() => import('./orders/orders-page'), 'OrdersPage'),
    preload: (client, params) => void client.prefetchQuery(ordersPageQuery(params)),
  },
  {
    path: 'sales',
    permission: 'ledger:view',
    label: ADMIN_TITLES.sales!,
    icon: Receipt,
    description: 'Sales records, profit and exports.',
    page: page(() => import('./sales/sales-page'), 'SalesPage'),
    preload: (client, params) => {
      void client.prefetchQuery(salesPageQuery(params))
      void client.prefetchQuery(salesQueries.monthly())
    },
  },
  {
    // A show assistant records sales without seeing the ledger; whoever sees it records from Sales.
    path: 'record-sale',
    permission: 'sales:record',
    unless: 'ledger:view',
    label: ADMIN_TITLES['record-sale']!,
    icon: HandCoins,
    description: 'Record a piece sold in person, at a show or in the studio.',
    page: page(() => import('./sales/record-sale-page'), 'RecordSalePage'),
  },
  {
    path: 'discounts',
    permission: 'discounts:manage',
    label: ADMIN_TITLES.discounts!,
    icon: TicketPercent,
    description: 'Discount codes, their status and uses.',
    page: page(() => import('./discounts/discounts-page'), 'DiscountsPage'),
    preload: (client, params) => void client.prefetchQuery(discountsPageQuery(params)),
  },
  {
    path: 'gift-cards',
    permission: 'giftcards:manage',
    label: ADMIN_TITLES['gift-cards']!,
    icon: Gift,
    description: 'Gift cards and store credit: balances, history, new cards.',
    page: page(() => import('./gift-cards/gift-cards-page'), 'GiftCardsPage'),
    preload: (client, params) => void client.prefetchQuery(giftCardsPageQuery(params)),
  },
  {
    path: 'inquiries',
    permission: 'community:moderate',
    label: ADMIN_TITLES.inquiries!,
    icon: Inbox,
    description: 'Messages from the contact form.',
    page: page(() => import('./inquiries/inquiries-page'), 'InquiriesPage'),
  },
  {
    path: 'journal',
    permission: 'journal:edit',
    label: ADMIN_TITLES.journal!,
    icon: BookOpen,
    description: 'Stories about jade, written here and read on the storefront.',
    page: page(() => import('./journal/journal-page'), 'JournalPage'),
  },
  {
    path: 'testimonials',
    permission: 'community:moderate',
    label: ADMIN_TITLES.testimonials!,
    icon: MessageSquareQuote,
    description: 'Review and approve testimonials.',
    page: page(() => import('./testimonials/testimonials-page'), 'TestimonialsPage'),
  },
  {
    path: 'category-images',
    permission: 'products:edit',
    label: ADMIN_TITLES['category-images']!,
    icon: Image,
    description: 'Pictures and captions of the collections.',
    page: page(() => import('./category-images/category-images-page'), 'CategoryImagesPage'),
  },
  {
    path: 'newsletter',
    permission: 'newsletter:send',
    label: ADMIN_TITLES.newsletter!,
    icon: Send,
    description: 'Newsletter campaigns to your subscribers.',
    page: page(() => import('./newsletter/newsletter-page'), 'NewsletterPage'),
  },
  {
    path: 'subscribers',
    permission: 'customers:view',
    label: ADMIN_TITLES.subscribers!,
    icon: Mail,
    description: 'Newsletter subscribers.',
    page: page(() => import('./subscribers/subscribers-page'), 'SubscribersPage'),
  },
  {
    path: 'accounts',
    permission: 'customers:view',
    label: ADMIN_TITLES.accounts!,
    icon: Users,
    description: 'Customer and administrator accounts.',
    page: page(() => import('./accounts/accounts-page'), 'AccountsPage'),
  },
  {
    path: 'reports',
    permission: 'ledger:view',
    label: ADMIN_TITLES.reports!,
    icon: FileText,
    description: 'The sales-tax report, by state and jurisdiction, ready to file.',
    page: page(() => import('./reports/reports-page'), 'ReportsPage'),
  },
  {
    path: 'staff',
    label: ADMIN_TITLES.staff!,
    icon: UserCog,
    description: 'The team, their roles and invitations.',
    page: page(() => import('./staff/staff-page'), 'StaffPage'),
    permission: 'staff:manage',
  },
  {
    path: 'settings',
    permission: 'settings:manage',
    label: ADMIN_TITLES.settings!,
    icon: Settings,
    description: 'Product feeds for Google Shopping and Instagram, and sales tax.',
    page: page(() => import('./settings/settings-page'), 'SettingsPage'),
  },
  {
    path: 'profile',
    permission: 'staff',
    label: ADMIN_TITLES.profile!,
    icon: UserCircle,
    description: 'Your own profile and password.',
    page: page(() => import('./profile/profile-page'), 'ProfilePage'),
    group: 'account',
  },
]
