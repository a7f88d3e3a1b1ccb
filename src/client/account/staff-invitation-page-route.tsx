import { lazy } from 'react'
import { clientOnlyPage } from '../lib/client-only'
import type { PageRoute } from '../lib/page'

// Accepting a staff invitation: a lazy chunk, drawn in the browser only.
const StaffInvitationPage = lazy(() =>
  import('./staff-invitation-page').then((module) => ({ default: module.StaffInvitationPage })),
)

export const staffInvitationPageRoute: PageRoute = {
  element: clientOnlyPage(<StaffInvitationPage />),
  handle: {
    meta: () => ({
      title: 'Join the team',
      description: 'Accept an invitation to the shop’s team.',
      noindex: true,
    }),
  },
}
