import type { RouteObject } from 'react-router'
import { accountAreaRoute } from './account/account-area-route'
import { orderPageRoute } from './account/orders/order-page-route'
import { staffInvitationPageRoute } from './account/staff-invitation-page-route'
import { adminRoute } from './admin/admin-route'
import { productListPageRoute } from './storefront/catalog/product-list-page-route'
import { productPageRoute } from './storefront/catalog/product-page-route'
import { checkoutPageRoute } from './storefront/checkout/checkout-page-route'
import { confirmationPageRoute } from './storefront/checkout/confirmation-page-route'
import { confirmSubscriptionPageRoute } from './storefront/community/confirm-subscription-page-route'
import { contactPageRoute } from './storefront/community/contact-page-route'
import { reminderUnsubscribePageRoute } from './storefront/community/reminder-unsubscribe-page-route'
import { testimonialsPageRoute } from './storefront/community/testimonials-page-route'
import { unsubscribePageRoute } from './storefront/community/unsubscribe-page-route'
import { balancePageRoute } from './storefront/gift-cards/balance-page-route'
import { giftCardsPageRoute } from './storefront/gift-cards/gift-cards-page-route'
import { homePageRoute } from './storefront/home/home-page-route'
import { journalPageRoute } from './storefront/journal/journal-page-route'
import { postPageRoute } from './storefront/journal/post-page-route'
import { SiteShell } from './storefront/layout/site-shell'
import {
  aboutPageRoute,
  privacyPolicyPageRoute,
  returnPolicyPageRoute,
  termsPageRoute,
} from './storefront/pages/static-page-routes'
import { confirmAlertPageRoute } from './storefront/piece-alerts/confirm-alert-page-route'
import { unsubscribeAlertPageRoute } from './storefront/piece-alerts/unsubscribe-alert-page-route'
import { notFoundPageRoute } from './ui/not-found-page-route'

/**
 * The app's pages by path. Each page's route lives beside it (`<page>-route.ts`): the code chunk it
 * loads, the data the server fetches for it, its head tags, its status (lib/page.ts's PageHandle).
 * Those modules are part of every page's entry script: they import no page's code, and what only
 * the server needs (structured data, prefetching) sits behind import.meta.env.SSR.
 */
export const routes: RouteObject[] = [
  { path: '/admin/*', ...adminRoute },
  {
    element: <SiteShell />,
    children: [
      { index: true, ...homePageRoute },
      { path: 'products', ...productListPageRoute },
      { path: 'products/category/:category', ...productListPageRoute },
      { path: 'product/:id', ...productPageRoute },
      { path: 'journal', ...journalPageRoute },
      { path: 'journal/tag/:tag', ...journalPageRoute },
      { path: 'journal/:slug', ...postPageRoute },
      { path: 'about', ...aboutPageRoute },
      { path: 'return-policy', ...returnPolicyPageRoute },
      { path: 'privacy-policy', ...privacyPolicyPageRoute },
      { path: 'terms-conditions', ...termsPageRoute },
      { path: 'testimonials', ...testimonialsPageRoute },
      { path: 'contact', ...contactPageRoute },
      { path: 'gift-cards', ...giftCardsPageRoute },
      { path: 'gift-cards/balance', ...balancePageRoute },
      { path: 'newsletter/confirm', ...confirmSubscriptionPageRoute },
      { path: 'newsletter/unsubscribe', ...unsubscribePageRoute },
      { path: 'reminders/unsubscribe', ...reminderUnsubscribePageRoute },
      { path: 'alerts/confirm', ...confirmAlertPageRoute },
      { path: 'alerts/unsubscribe', ...unsubscribeAlertPageRoute },
      { path: 'checkout', ...checkoutPageRoute },
      { path: 'order-confirmation', ...confirmationPageRoute },
      { path: 'account/*', ...accountAreaRoute },
      { path: 'staff/invitation', ...staffInvitationPageRoute },
      { path: 'order/:id', ...orderPageRoute },
      { path: '*', ...notFoundPageRoute },
    ],
  },
]
