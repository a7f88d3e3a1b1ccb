import {
  Image,
  Inbox,
  LayoutDashboard,
  Mail,
  MessageSquareQuote,
  Package,
  Receipt,
  ShoppingCart,
  UserCircle,
  Users,
} from 'lucide-react'

export interface AdminSection {
  path: string
  label: string
  icon: typeof Package
  description: string
}

/** The back office's navigation, in the order of back-office.md §2. */
export const ADMIN_SECTIONS: AdminSection[] = [
  { path: 'dashboard', label: 'Dashboard', icon: LayoutDashboard, description: 'An overview of the shop.' },
  { path: 'products', label: 'Products', icon: Package, description: 'Add, edit and mark pieces as sold.' },
  {
    path: 'orders',
    label: 'Orders',
    icon: ShoppingCart,
    description: 'Payments, plans, packing and shipping.',
  },
  { path: 'sales', label: 'Sales', icon: Receipt, description: 'Sales records, profit and exports.' },
  { path: 'inquiries', label: 'Inquiries', icon: Inbox, description: 'Messages from the contact form.' },
  {
    path: 'testimonials',
    label: 'Testimonials',
    icon: MessageSquareQuote,
    description: 'Review and approve testimonials.',
  },
  {
    path: 'category-images',
    label: 'Category Images',
    icon: Image,
    description: 'Pictures and captions of the collections.',
  },
  { path: 'subscribers', label: 'Subscribers', icon: Mail, description: 'Newsletter subscribers.' },
  { path: 'accounts', label: 'Accounts', icon: Users, description: 'Customer and administrator accounts.' },
  { path: 'profile', label: 'Profile', icon: UserCircle, description: 'Your own profile and password.' },
]
