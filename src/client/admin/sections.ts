import {
  BookOpen,
  Image,
  Inbox,
  LayoutDashboard,
  Mail,
  MessageSquareQuote,
  Package,
  Receipt,
  Settings,
  ShoppingCart,
  TicketPercent,
  UserCircle,
  Users,
} from 'lucide-react'
import { type ComponentType, type LazyExoticComponent, lazy } from 'react'
import { ADMIN_TITLES } from './section-titles'

export interface AdminSection {
  path: keyof typeof ADMIN_TITLES & string
  label: string
  icon: typeof Package
  description: string
  /** The page's own chunk: a phone between fairs downloads only the pages it opens. */
  page: LazyExoticComponent<ComponentType>
  /** Shown apart from the shop's work, at the foot of the navigation. */
  group?: 'account'
}

const page = <M>(load: () => Promise<M>, name: keyof M) =>
  lazy(() => load().then((module) => ({ default: module[name] as ComponentType })))

/** The back office's navigation, in the order of back-office.md §2. */
export const ADMIN_SECTIONS: AdminSection[] = [
  {
    path: 'dashboard',
    label: ADMIN_TITLES.dashboard!,
    icon: LayoutDashboard,
    description: 'An overview of the shop.',
    page: page(() => import('./dashboard/dashboard-page'), 'DashboardPage'),
  },
  {
    path: 'products',
    label: ADMIN_TITLES.products!,
    icon: Package,
    description: 'Add, edit and mark pieces as sold.',
    page: page(() => import('./products/products-page'), 'ProductsPage'),
  },
  {
    path: 'orders',
    label: ADMIN_TITLES.orders!,
    icon: ShoppingCart,
    description: 'Payments, plans, packing and shipping.',
    page: page(() => import('./orders/orders-page'), 'OrdersPage'),
  },
  {
    path: 'sales',
    label: ADMIN_TITLES.sales!,
    icon: Receipt,
    description: 'Sales records, profit and exports.',
    page: page(() => import('./sales/sales-page'), 'SalesPage'),
  },
  {
    path: 'discounts',
    label: ADMIN_TITLES.discounts!,
    icon: TicketPercent,
    description: 'Discount codes, their status and uses.',
    page: page(() => import('./discounts/discounts-page'), 'DiscountsPage'),
  },
  {
    path: 'inquiries',
    label: ADMIN_TITLES.inquiries!,
    icon: Inbox,
    description: 'Messages from the contact form.',
    page: page(() => import('./inquiries/inquiries-page'), 'InquiriesPage'),
  },
  {
    path: 'journal',
    label: ADMIN_TITLES.journal!,
    icon: BookOpen,
    description: 'Stories about jade, written here and read on the storefront.',
    page: page(() => import('./journal/journal-page'), 'JournalPage'),
  },
  {
    path: 'testimonials',
    label: ADMIN_TITLES.testimonials!,
    icon: MessageSquareQuote,
    description: 'Review and approve testimonials.',
    page: page(() => import('./testimonials/testimonials-page'), 'TestimonialsPage'),
  },
  {
    path: 'category-images',
    label: ADMIN_TITLES['category-images']!,
    icon: Image,
    description: 'Pictures and captions of the collections.',
    page: page(() => import('./category-images/category-images-page'), 'CategoryImagesPage'),
  },
  {
    path: 'subscribers',
    label: ADMIN_TITLES.subscribers!,
    icon: Mail,
    description: 'Newsletter subscribers.',
    page: page(() => import('./subscribers/subscribers-page'), 'SubscribersPage'),
  },
  {
    path: 'accounts',
    label: ADMIN_TITLES.accounts!,
    icon: Users,
    description: 'Customer and administrator accounts.',
    page: page(() => import('./accounts/accounts-page'), 'AccountsPage'),
  },
  {
    path: 'settings',
    label: ADMIN_TITLES.settings!,
    icon: Settings,
    description: 'Product feeds for Google Shopping and Instagram.',
    page: page(() => import('./settings/settings-page'), 'SettingsPage'),
  },
  {
    path: 'profile',
    label: ADMIN_TITLES.profile!,
    icon: UserCircle,
    description: 'Your own profile and password.',
    page: page(() => import('./profile/profile-page'), 'ProfilePage'),
    group: 'account',
  },
]
