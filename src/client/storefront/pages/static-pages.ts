export interface StaticPage {
  /** Root-relative path, as linked from the footer. */
  path: string
  /** Page title (the shell appends the store name) and the page's h1. */
  title: string
  /** One-sentence meta description for search results and link previews. */
  description: string
}

/** The storefront's static content pages: the router's routes and meta, and the sitemap's entries. */
export const STATIC_PAGES: readonly StaticPage[] = [
  {
    path: '/about',
    title: 'Our Story',
    description:
      'A family jade house founded in Houston in 2010, sourcing natural Type A jadeite from Myanmar and inspecting every stone by hand.',
  },
  {
    path: '/return-policy',
    title: 'Return Policy',
    description:
      'Returns within 14 days of purchase, refunds within 5 business days of receiving your piece, and what to do if an item arrives damaged.',
  },
  {
    path: '/privacy-policy',
    title: 'Privacy Policy',
    description:
      'What personal information we collect, how we use and protect it, the cookies we set, and the choices you have.',
  },
  {
    path: '/terms-conditions',
    title: 'Terms & Conditions',
    description:
      'The terms for using our website and buying natural jadeite from us: orders, payment, shipping, returns and liability.',
  },
]
