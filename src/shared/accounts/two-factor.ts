import { z } from 'zod'
import { PASSWORD_MAX } from './schema'

// Two-factor sign-in (TOTP, RFC 6238): 6 digits every 30 seconds from an authenticator app, or a
// single-use recovery code when the phone is lost.

export const TOTP_DIGITS = 6
export const RECOVERY_CODE_COUNT = 10

export const TWO_FACTOR_REQUIRED_MESSAGE = 'Enter the 6-digit code from your authenticator app.'
export const TWO_FACTOR_INVALID_CODE = 'That code is not valid. Enter the current code, or a recovery code.'
export const TWO_FACTOR_ALREADY_ON = 'Two-factor sign-in is already on.'
export const TWO_FACTOR_NOT_SET_UP = 'Start the setup again: no key is waiting to be confirmed.'
export const TWO_FACTOR_OFF = 'Two-factor sign-in is not on.'
export const TWO_FACTOR_WRONG_CREDENTIALS = 'The password or the code is not right.'

/** What a sign-in form sends as its second step: an app's code or a recovery code. */
export const twoFactorCode = z
  .string({ error: 'Enter the code' })
  .trim()
  .min(1, 'Enter the code')
  .max(64, 'That code is too long')

export const TWO_FACTOR_WRONG_PASSWORD = 'Current password is incorrect'

/**
 * The account's current password: every change to two-factor sign-in asks for it, so a borrowed
 * session alone can neither turn it on (locking the owner out) nor off.
 */
const currentPassword = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .max(PASSWORD_MAX)

export const setUpTwoFactorSchema = z.object({ password: currentPassword })
export type SetUpTwoFactorInput = z.input<typeof setUpTwoFactorSchema>

export const enableTwoFactorSchema = z.object({
  password: currentPassword,
  code: z
    .string({ error: 'Enter the 6-digit code from your app' })
    .trim()
    .regex(/^\d{3} ?\d{3}$/, 'Enter the 6-digit code from your app'),
})
export type EnableTwoFactorInput = z.input<typeof enableTwoFactorSchema>

export const disableTwoFactorSchema = z.object({
  password: currentPassword,
  code: twoFactorCode,
})
export type DisableTwoFactorInput = z.input<typeof disableTwoFactorSchema>

/** New recovery codes replace every old one. */
export const regenerateRecoveryCodesSchema = z.object({ password: currentPassword })
export type RegenerateRecoveryCodesInput = z.input<typeof regenerateRecoveryCodesSchema>

export const twoFactorSetupAnswer = z.object({
  /** Base32, for typing into an app by hand. */
  secret: z.string(),
  /** otpauth://totp/... for the QR code. */
  otpauthUrl: z.string(),
})
export type TwoFactorSetup = z.input<typeof twoFactorSetupAnswer>

export const twoFactorEnabledAnswer = z.object({
  /** Shown once: only their hashes are kept. */
  recoveryCodes: z.array(z.string()),
})
export type TwoFactorEnabled = z.input<typeof twoFactorEnabledAnswer>

/** POST /api/login's 401 when the password was right and the account asks for a code. */
export const twoFactorChallengeAnswer = z.object({ message: z.string(), twoFactorRequired: z.literal(true) })
export type TwoFactorChallenge = z.input<typeof twoFactorChallengeAnswer>
