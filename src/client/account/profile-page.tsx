import { useSearchParams } from 'react-router'
import { displayName } from '../../shared/accounts/users'
import { ChangePasswordForm } from '../auth/change-password-form'
import { TwoFactorSection } from '../auth/two-factor-section'
import { useLogoutWithToast } from '../lib/auth'
import { Button } from '../ui/button'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../ui/tabs'
import { GiftCardList } from './gift-cards/gift-card-list'
import { OrderList } from './orders/order-list'
import { ProfileDetails } from './profile-details'
import { RequireSignIn } from './require-sign-in'

/**
 * /account/profile: the customer's details, password, two-factor sign-in and orders (storefront.md
 * §2), and their store credit and gift cards (issue 36).
 */
export function ProfilePage() {
  const logout = useLogoutWithToast()
  // The tab lives in the URL so an order page can link back to the Orders tab.
  const [searchParams, setSearchParams] = useSearchParams()
  const asked = searchParams.get('tab')
  const tab = asked === 'orders' || asked === 'gift-cards' ? asked : 'profile'

  return (
    <RequireSignIn>
      {(user) => (
        <section className="mx-auto max-w-5xl px-4 py-12 sm:px-6 sm:py-16">
          <header className="flex flex-wrap items-end justify-between gap-6 border-b border-ink/10 pb-8">
            <div className="min-w-0">
              <p className="text-xs uppercase tracking-[0.3em] text-jade-700">My Account</p>
              <h1 className="mt-3 break-words font-display text-4xl text-ink sm:text-5xl">
                Welcome, {displayName(user)}
              </h1>
              <p className="mt-2 text-sm text-ink-muted">Signed in as {user.username}</p>
            </div>
            <Button variant="secondary" onClick={logout}>
              Logout
            </Button>
          </header>

          <Tabs
            value={tab}
            onValueChange={(value) =>
              setSearchParams(value === 'profile' ? {} : { tab: value }, { replace: true })
            }
            className="mt-10"
          >
            <TabsList>
              <TabsTrigger value="profile">Profile</TabsTrigger>
              <TabsTrigger value="orders">Orders</TabsTrigger>
              <TabsTrigger value="gift-cards">Gift cards</TabsTrigger>
            </TabsList>
            <TabsContent value="profile" className="pt-10">
              <ProfileDetails user={user} />
              <div className="mt-16 border-t border-ink/10 pt-12">
                <ChangePasswordForm username={user.username} />
              </div>
              <div className="mt-16 border-t border-ink/10 pt-12">
                <TwoFactorSection user={user} />
              </div>
            </TabsContent>
            <TabsContent value="orders" className="pt-10">
              <h2 className="sr-only">Orders</h2>
              <OrderList />
            </TabsContent>
            <TabsContent value="gift-cards" className="pt-10">
              <h2 className="sr-only">Store credit and gift cards</h2>
              <GiftCardList />
            </TabsContent>
          </Tabs>
        </section>
      )}
    </RequireSignIn>
  )
}
