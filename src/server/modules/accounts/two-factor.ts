import { createHash, randomInt } from 'node:crypto'
import { and, eq, isNull, lt, or } from 'drizzle-orm'
import { generateSecret, generateURI, verify } from 'otplib'
import { normalizeIdentity } from '../../../shared/accounts/identity'
import {
  RECOVERY_CODE_COUNT,
  TOTP_DIGITS,
  TWO_FACTOR_ALREADY_ON,
  TWO_FACTOR_INVALID_CODE,
  TWO_FACTOR_NOT_SET_UP,
  TWO_FACTOR_OFF,
  TWO_FACTOR_WRONG_CREDENTIALS,
  TWO_FACTOR_WRONG_PASSWORD,
  type TwoFactorSetup,
} from '../../../shared/accounts/two-factor'
import type { Database, DbOrTx } from '../../db/client'
import { conflict, invalid } from '../../errors'
import { type ConfirmationLimit, confirmPassword, confirmUnderLimit } from './password-checks'
import { verifyPassword } from './passwords'
import { recoveryCodes, users } from './schema'
import type { SecretBox } from './secret-box'
import { type MailLinks, recordSecurityChange } from './security-notices'
import type { UserRow } from './session-service'

// TOTP as RFC 6238 and every authenticator app have it: SHA-1, 6 digits, 30-second steps, a
// base32 secret of 20 random bytes; a code of the step before or after is accepted for clocks
// that drift, and no code is accepted twice (the last step used is kept).
const PERIOD_S = 30
const TOLERANCE_S = PERIOD_S

type TwoFactorAccount = Pick<UserRow, 'id' | 'twoFactorSecret' | 'twoFactorLastStep'>

const normalize = (code: string) => code.replace(/[\s-]/g, '').toLowerCase()
const isTotp = (code: string) => new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code)
const hashRecoveryCode = (code: string) => createHash('sha256').update(normalize(code)).digest('hex')

// 16 characters of a 32-letter alphabet without look-alikes: 80 bits, so a stored SHA-256 cannot
// be walked back; shown in groups of four.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'
function newRecoveryCode(): string {
  const characters = Array.from({ length: 16 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)])
  return characters.join('').match(/.{4}/g)!.join('-')
}

/** The TOTP step a code matches (±1 step), after the last one used; undefined when none. */
async function matchingStep(
  secret: string,
  code: string,
  afterStep: number | null,
): Promise<number | undefined> {
  try {
    const result = await verify({
      secret,
      token: code,
      epochTolerance: TOLERANCE_S,
      afterTimeStep: afterStep ?? undefined,
    })
    return result.valid && 'timeStep' in result ? result.timeStep : undefined
  } catch {
    // A malformed code, or a last step ahead of this clock: no match.
    return undefined
  }
}

/**
 * Uses a TOTP code: it must match a step after the last one used, and that step is recorded in
 * the same statement, so two requests racing with one code cannot both pass.
 */
async function redeemTotp(
  db: DbOrTx,
  box: SecretBox,
  account: TwoFactorAccount,
  code: string,
): Promise<boolean> {
  const secret = account.twoFactorSecret ? box.open(account.twoFactorSecret) : undefined
  if (!secret) return false
  const step = await matchingStep(secret, code, account.twoFactorLastStep)
  if (step === undefined) return false
  const used = await db
    .update(users)
    .set({ twoFactorLastStep: step })
    .where(
      and(eq(users.id, account.id), or(isNull(users.twoFactorLastStep), lt(users.twoFactorLastStep, step))),
    )
    .returning({ id: users.id })
  return used.length > 0
}

/** Uses a recovery code: deleting it is what makes it single-use, even under a race. */
async function redeemRecoveryCode(db: DbOrTx, userId: number, code: string): Promise<boolean> {
  const deleted = await db
    .delete(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashRecoveryCode(code))))
    .returning({ userId: recoveryCodes.userId })
  return deleted.length > 0
}

/** The second step of a sign-in (or of turning it off): the app's current code or an unused recovery code. */
export async function redeemSecondFactor(
  db: DbOrTx,
  box: SecretBox,
  account: TwoFactorAccount,
  code: string,
): Promise<boolean> {
  const plain = normalize(code)
  if (isTotp(plain)) return redeemTotp(db, box, account, plain)
  return plain.length > 0 && redeemRecoveryCode(db, account.id, plain)
}

/**
 * A new secret for the signed-in user, kept encrypted until a code from the app confirms it
 * (enableTwoFactor). Needs the password (counted like every confirmation): a borrowed session
 * must not be able to start what would lock the owner out. Refused while two-factor sign-in is
 * on: turning it off comes first.
 */
export async function setUpTwoFactor(
  db: DbOrTx,
  box: SecretBox,
  user: Pick<UserRow, 'id' | 'username' | 'password' | 'twoFactorEnabled'>,
  issuer: string,
  password: string,
  limit: ConfirmationLimit,
): Promise<TwoFactorSetup> {
  if (user.twoFactorEnabled) throw conflict(TWO_FACTOR_ALREADY_ON)
  if (!(await confirmPassword(limit, user, password))) throw invalid(TWO_FACTOR_WRONG_PASSWORD, 'password')
  const secret = generateSecret()
  await db
    .update(users)
    .set({ twoFactorSecret: box.seal(secret), twoFactorLastStep: null })
    .where(and(eq(users.id, user.id), eq(users.twoFactorEnabled, false)))
  return { secret, otpauthUrl: generateURI({ issuer, label: user.username, secret }) }
}

/** Fresh recovery codes in place of every earlier one; only their hashes are kept. */
async function replaceRecoveryCodes(db: DbOrTx, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId))
  await db
    .insert(recoveryCodes)
    .values(codes.map((recovery) => ({ userId, codeHash: hashRecoveryCode(recovery) })))
  return codes
}

/**
 * Turns two-factor sign-in on once the password and the app's code are right, and answers fresh
 * recovery codes (shown once). A wrong password or code counts as a failed confirmation.
 */
export async function enableTwoFactor(
  db: Database,
  box: SecretBox,
  user: UserRow,
  password: string,
  code: string,
  limit: ConfirmationLimit,
  links: MailLinks,
): Promise<string[]> {
  if (user.twoFactorEnabled) throw conflict(TWO_FACTOR_ALREADY_ON)
  if (!user.twoFactorSecret) throw conflict(TWO_FACTOR_NOT_SET_UP)
  const plain = normalize(code)
  let passwordRight = false
  const confirmed = await confirmUnderLimit(limit, user.id, async () => {
    passwordRight = await verifyPassword(user.password, password)
    return passwordRight && isTotp(plain) && redeemTotp(db, box, user, plain)
  })
  if (!passwordRight) throw invalid(TWO_FACTOR_WRONG_PASSWORD, 'password')
  if (!confirmed) throw invalid(TWO_FACTOR_INVALID_CODE, 'code')
  return db.transaction(async (tx) => {
    await tx.update(users).set({ twoFactorEnabled: true, updatedAt: new Date() }).where(eq(users.id, user.id))
    await recordSecurityChange(tx, { id: user.id, addresses: [user.email] }, 'two-factor-on', links)
    return replaceRecoveryCodes(tx, user.id)
  })
}

/** New recovery codes for an account with two-factor sign-in on: needs the password, counted. */
export async function regenerateRecoveryCodes(
  db: Database,
  user: UserRow,
  password: string,
  limit: ConfirmationLimit,
  links: MailLinks,
): Promise<string[]> {
  if (!user.twoFactorEnabled) throw conflict(TWO_FACTOR_OFF)
  if (!(await confirmPassword(limit, user, password))) throw invalid(TWO_FACTOR_WRONG_PASSWORD, 'password')
  return db.transaction(async (tx) => {
    await recordSecurityChange(tx, { id: user.id, addresses: [user.email] }, 'recovery-codes', links)
    return replaceRecoveryCodes(tx, user.id)
  })
}

/**
 * Turns two-factor sign-in off: needs the password and a code (or a recovery code), so a
 * borrowed session cannot; failures count like any password confirmation.
 */
export async function disableTwoFactor(
  db: Database,
  box: SecretBox,
  user: UserRow,
  password: string,
  code: string,
  limit: ConfirmationLimit,
  links: MailLinks,
): Promise<void> {
  if (!user.twoFactorEnabled) throw conflict(TWO_FACTOR_OFF)
  const confirmed = await confirmUnderLimit(
    limit,
    user.id,
    async () => (await verifyPassword(user.password, password)) && redeemSecondFactor(db, box, user, code),
  )
  if (!confirmed) throw invalid(TWO_FACTOR_WRONG_CREDENTIALS)
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ twoFactorEnabled: false, twoFactorSecret: null, twoFactorLastStep: null, updatedAt: new Date() })
      .where(eq(users.id, user.id))
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id))
    await recordSecurityChange(tx, { id: user.id, addresses: [user.email] }, 'two-factor-off', links)
  })
}

/**
 * Turns two-factor sign-in off for an owner who lost both their phone and their recovery codes:
 * only from the server (npm run admin:reset-two-factor), never over HTTP. The account's audit
 * trail records it and its address is told. Answers false when no account has that name.
 */
export async function resetTwoFactor(db: Database, username: string, links: MailLinks): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({
        twoFactorEnabled: false,
        twoFactorSecret: null,
        twoFactorLastStep: null,
        twoFactorWaitUntil: null,
        updatedAt: new Date(),
      })
      .where(eq(users.username, normalizeIdentity(username)))
      .returning({ id: users.id, email: users.email })
    if (!user) return false
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id))
    await recordSecurityChange(
      tx,
      { id: user.id, addresses: [user.email] },
      'two-factor-reset',
      links,
      'admin:reset-two-factor',
    )
    return true
  })
}
