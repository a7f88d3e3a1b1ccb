// The back office's pages by path, without their icons or code, so the storefront's route table
// can title them (and the browser tab says which page is open) without loading the back office.

export const ADMIN_TITLES: Record<string, string> = {
  dashboard: 'Dashboard',
  products: 'Products',
  orders: 'Orders',
  sales: 'Sales',
  'record-sale': 'Record Sale',
  discounts: 'Discounts',
  'gift-cards': 'Gift cards',
  inquiries: 'Inquiries',
  journal: 'Journal',
  testimonials: 'Testimonials',
  'category-images': 'Category Images',
  newsletter: 'Newsletter',
  subscribers: 'Subscribers',
  accounts: 'Accounts',
  reports: 'Reports',
  staff: 'Staff',
  settings: 'Settings',
  profile: 'Profile',
}

/** The document title of a back-office path ("products", "" for the login). */
export function adminTitle(path: string | undefined): string {
  const section = (path ?? '').split('/')[0] ?? ''
  if (section === '') return 'Admin Login'
  return `${ADMIN_TITLES[section] ?? 'Page Not Found'} · Admin`
}
