import { Pencil } from 'lucide-react'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import type { PublicUser } from '../../shared/accounts/users'
import { Button } from '../ui/button'
import { ProfileForm } from './profile-form'
import { ProfileSection } from './profile-section'

/** Account information and the default shipping address: read, or edited in place. */
export function ProfileDetails({ user }: { user: PublicUser }) {
  const [editing, setEditing] = useState(false)
  const editButton = useRef<HTMLButtonElement>(null)
  const wasEditing = useRef(false)

  // Back in view mode, focus returns to the button that opened the form.
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus()
    wasEditing.current = editing
  }, [editing])

  if (editing) return <ProfileForm user={user} onDone={() => setEditing(false)} />

  const name = [user.firstName, user.lastName].filter(Boolean).join(' ')
  const cityLine = [user.city, [user.state, user.zipCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ')
  const hasAddress = Boolean(user.address || cityLine)

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 className="font-display text-3xl text-ink">Profile</h2>
        <Button ref={editButton} variant="secondary" size="sm" onClick={() => setEditing(true)}>
          <Pencil className="size-4" aria-hidden />
          Edit Profile
        </Button>
      </div>

      <div className="mt-8 grid gap-12 md:grid-cols-2 md:gap-16">
        <ProfileSection title="Account Information">
          <dl className="divide-y divide-ink/10 border-y border-ink/10 text-sm">
            <Detail term="Username">{user.username}</Detail>
            <Detail term="Email">{user.email}</Detail>
            <Detail term="Name">{name}</Detail>
            <Detail term="Phone">{user.phone}</Detail>
          </dl>
        </ProfileSection>

        <ProfileSection title="Default Shipping Address">
          <address className="border-y border-ink/10 py-4 text-sm not-italic leading-relaxed text-ink">
            {hasAddress ? (
              <>
                {user.address && <span className="block">{user.address}</span>}
                {cityLine && <span className="block">{cityLine}</span>}
              </>
            ) : (
              <span className="block text-ink-muted">No address saved yet</span>
            )}
            {/* Orders ship within the United States, so an empty country reads as USA. */}
            <span className="block">{user.country || 'USA'}</span>
          </address>
        </ProfileSection>
      </div>
    </div>
  )
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[6.5rem_1fr] gap-4 py-4">
      <dt className="text-ink-muted">{term}</dt>
      <dd className="min-w-0 break-words text-ink">
        {children || <span className="text-ink-muted">Not provided</span>}
      </dd>
    </div>
  )
}
