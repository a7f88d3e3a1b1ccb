import { z } from 'zod'
import { endpoint } from '../contract'
import { messageAnswer } from '../wire'
import { publicUserSchema } from './answers'
import {
  changePasswordSchema,
  loginSchema,
  profileUpdateSchema,
  registerSchema,
  requestPasswordResetSchema,
  resetPasswordSchema,
} from './schema'
import {
  disableTwoFactorSchema,
  enableTwoFactorSchema,
  regenerateRecoveryCodesSchema,
  setUpTwoFactorSchema,
  twoFactorChallengeAnswer,
  twoFactorEnabledAnswer,
  twoFactorSetupAnswer,
} from './two-factor'

/**
 * A refused sign-in: the password was right and a code is needed (or the code was wrong), or the
 * error handler's `{ message }` for a wrong password, which shares the status.
 */
const signInRefusal = twoFactorChallengeAnswer.extend({ twoFactorRequired: z.literal(true).optional() })

export const accountsContract = {
  /** Who is signed in; a 401 when nobody is. */
  me: endpoint({ method: 'GET', path: '/api/check-auth', response: { 200: publicUserSchema } }),
  login: endpoint({
    method: 'POST',
    path: '/api/login',
    body: loginSchema,
    response: { 200: publicUserSchema, 401: signInRefusal },
  }),
  register: endpoint({
    method: 'POST',
    path: '/api/register',
    body: registerSchema,
    response: { 201: publicUserSchema },
  }),
  logout: endpoint({ method: 'POST', path: '/api/logout', response: { 200: messageAnswer } }),
  /** A customer changes only their own profile; an administrator anybody's. */
  updateProfile: endpoint({
    method: 'PUT',
    path: '/api/users/:id',
    params: z.object({ id: z.coerce.number().int().positive() }),
    body: profileUpdateSchema,
    response: { 200: publicUserSchema },
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/api/change-password',
    body: changePasswordSchema,
    response: { 200: messageAnswer },
  }),
  requestPasswordReset: endpoint({
    method: 'POST',
    path: '/api/request-password-reset',
    body: requestPasswordResetSchema,
    response: { 200: messageAnswer },
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/api/reset-password',
    body: resetPasswordSchema,
    response: { 200: messageAnswer },
  }),
  setUpTwoFactor: endpoint({
    method: 'POST',
    path: '/api/account/two-factor/setup',
    body: setUpTwoFactorSchema,
    response: { 200: twoFactorSetupAnswer },
  }),
  enableTwoFactor: endpoint({
    method: 'POST',
    path: '/api/account/two-factor/enable',
    body: enableTwoFactorSchema,
    response: { 200: twoFactorEnabledAnswer },
  }),
  regenerateRecoveryCodes: endpoint({
    method: 'POST',
    path: '/api/account/two-factor/recovery-codes',
    body: regenerateRecoveryCodesSchema,
    response: { 200: twoFactorEnabledAnswer },
  }),
  disableTwoFactor: endpoint({
    method: 'POST',
    path: '/api/account/two-factor/disable',
    body: disableTwoFactorSchema,
    response: { 200: messageAnswer },
  }),
}
