import { z } from 'zod'
import { publicUserSchema } from '../accounts/answers'
import { PASSWORD_MAX } from '../accounts/schema'
import { endpoint } from '../contract'

// The invitation's page (issue 35): public routes, each authorised by the signed token the
// invitation e-mail carries.

/** A member of the team chooses a longer password than a shopper must. */
export const STAFF_PASSWORD_MIN = 10

const token = z.string({ error: 'This invitation link is not valid' }).min(1).max(1024)

export const INVITATION_INVALID_MESSAGE =
  'This invitation link is not valid or has expired. Ask the shop owner to send a new one.'

export const invitationPreviewAnswer = z.object({
  email: z.string(),
  role: z.string(),
  roleLabel: z.string(),
  /** The role must sign in with a second factor: set up right after the account is made. */
  twoFactorRequired: z.boolean(),
})
export type InvitationPreview = z.input<typeof invitationPreviewAnswer>

export const acceptInvitationSchema = z.object({
  token,
  username: z
    .string({ error: 'Username must be at least 3 characters' })
    .trim()
    .min(3, 'Username must be at least 3 characters')
    .max(50, 'Username must be at most 50 characters'),
  password: z
    .string({ error: `Password must be at least ${STAFF_PASSWORD_MIN} characters` })
    .min(STAFF_PASSWORD_MIN, `Password must be at least ${STAFF_PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX),
})
export type AcceptInvitationInput = z.input<typeof acceptInvitationSchema>

export const staffContract = {
  previewInvitation: endpoint({
    method: 'POST',
    path: '/api/staff/invitations/preview',
    body: z.object({ token }),
    response: { 200: invitationPreviewAnswer },
  }),
  /** Makes the account with the invitation's address and role, and signs it in. */
  acceptInvitation: endpoint({
    method: 'POST',
    path: '/api/staff/invitations/accept',
    body: acceptInvitationSchema,
    response: { 201: publicUserSchema },
  }),
}
