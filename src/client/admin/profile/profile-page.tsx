import { Pencil, ShieldAlert } from 'lucide-react'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { TWO_FACTOR_SETUP_MESSAGE } from '../../../shared/staff/permissions'
import { ChangePasswordForm } from '../../auth/change-password-form'
import { TwoFactorSection } from '../../auth/two-factor-section'
import { useAuth } from '../../lib/auth'
import { Button } from '../../ui/button'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs'
import { roleLabel, useAccess } from '../access'
import { PageHeader } from '../page-header'
import { AdminProfileForm } from './admin-profile-form'

const TABS = ['profile', 'password', 'two-factor'] as const

/** The administrator's own profile, password and two-factor sign-in (back-office.md §2, §5). */
export function ProfilePage() {
  const { user } = useAuth()
  const { me, mustSetUpTwoFactor } = useAccess()
  const [params, setParams] = useSearchParams()
  const [editing, setEditing] = useState(false)
  const tab = TABS.find((name) => name === params.get('tab')) ?? 'profile'
  if (!user) return null
  const address = [
    user.address,
    [user.city, [user.state, user.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    user.country,
  ]
    .filter(Boolean)
    .join(' · ')

  return (
    <>
      <PageHeader title="Profile" description="Your own details, password and two-factor sign-in." />
      {mustSetUpTwoFactor && (
        <div role="status" className="mb-6 flex gap-3 border border-gold/50 bg-sand/40 p-5 text-ink">
          <ShieldAlert className="mt-0.5 size-5 shrink-0 text-jade-700" aria-hidden />
          <p>
            {TWO_FACTOR_SETUP_MESSAGE}.
            <span className="block text-sm text-ink-muted">
              Your role holds the shop's money or its whole team: the other pages open once two-factor sign-in
              is on, under Two-Factor Sign-In below.
            </span>
          </p>
        </div>
      )}
      <Tabs
        value={tab}
        onValueChange={(value) => setParams(value === 'profile' ? {} : { tab: value }, { replace: true })}
      >
        {/* Three tabs are wider than a phone: the strip scrolls on its own, never the page. */}
        <TabsList className="max-w-full overflow-x-auto overflow-y-hidden">
          <TabsTrigger value="profile">Profile Information</TabsTrigger>
          <TabsTrigger value="password">Change Password</TabsTrigger>
          <TabsTrigger value="two-factor">Two-Factor Sign-In</TabsTrigger>
        </TabsList>
        <TabsContent value="profile" className="max-w-3xl">
          {editing ? (
            <AdminProfileForm user={user} onDone={() => setEditing(false)} />
          ) : (
            <>
              <dl className="divide-y divide-ink/10 border-y border-ink/10 text-sm">
                <Row term="Username">{user.username}</Row>
                <Row term="Email">{user.email}</Row>
                <Row term="First name">{user.firstName}</Row>
                <Row term="Last name">{user.lastName}</Row>
                <Row term="Phone">{user.phone}</Row>
                <Row term="Address">{address}</Row>
                <Row term="Role">{me ? roleLabel(me.role) : 'Administrator'}</Row>
              </dl>
              <Button variant="secondary" className="mt-6" onClick={() => setEditing(true)}>
                <Pencil className="size-4" aria-hidden /> Edit Profile
              </Button>
            </>
          )}
        </TabsContent>
        <TabsContent value="password">
          <ChangePasswordForm username={user.username} />
        </TabsContent>
        <TabsContent value="two-factor">
          <TwoFactorSection user={user} />
        </TabsContent>
      </Tabs>
    </>
  )
}

function Row({ term, children }: { term: string; children: string | null | undefined }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[10rem_1fr]">
      <dt className="text-ink-muted">{term}</dt>
      <dd className="text-ink">{children || <span className="text-ink-muted">Not set</span>}</dd>
    </div>
  )
}
