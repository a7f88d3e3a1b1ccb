import { randomBytes } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { normalizeIdentity } from '../../shared/accounts/identity'

/**
 * OWASP's device cookie: a browser that signed in to an account gets a signed, long-lived cookie
 * naming that account and a random id of the device. Presented again, it lets the browser sign in
 * to that account even while guesses from elsewhere keep the account's ceiling full, and its own
 * failures are counted on its id (modules/accounts/sign-in.ts). A browser remembers the last few
 * accounts it signed in to (a shared family computer, an owner who also shops).
 */
export const DEVICE_COOKIE = 'device'
const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60
const ACCOUNTS_PER_BROWSER = 5

interface DeviceEntry {
  username: string
  id: string
}

// One entry: the normalised username URI-encoded (so it holds no comma), a dot, the id (base64url,
// so it holds no dot: it is split off at the last one); entries joined by commas.
const encodeEntry = (entry: DeviceEntry) => `${encodeURIComponent(entry.username)}.${entry.id}`
function decodeEntry(text: string): DeviceEntry | undefined {
  const dot = text.lastIndexOf('.')
  if (dot <= 0) return undefined
  try {
    return { username: decodeURIComponent(text.slice(0, dot)), id: text.slice(dot + 1) }
  } catch {
    return undefined
  }
}

function readEntries(request: FastifyRequest): DeviceEntry[] {
  const raw = request.cookies[DEVICE_COOKIE]
  if (!raw) return []
  const unsigned = request.unsignCookie(raw)
  if (!unsigned.valid || !unsigned.value) return []
  return unsigned.value
    .split(',')
    .map(decodeEntry)
    .filter((entry): entry is DeviceEntry => entry !== undefined && /^[\w-]{16,64}$/.test(entry.id))
}

/** The device id this browser holds for the username, if its device cookie is valid (signed by us). */
export function deviceIdFor(request: FastifyRequest, username: string): string | undefined {
  const name = normalizeIdentity(username)
  return readEntries(request).find((entry) => entry.username === name)?.id
}

/** After a successful sign-in: a fresh id for this account, the browser's other accounts kept. */
export function issueDeviceCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  username: string,
  secure: boolean,
): void {
  const name = normalizeIdentity(username)
  const others = readEntries(request).filter((entry) => entry.username !== name)
  const entries = [{ username: name, id: randomBytes(16).toString('base64url') }, ...others].slice(
    0,
    ACCOUNTS_PER_BROWSER,
  )
  reply.setCookie(DEVICE_COOKIE, entries.map(encodeEntry).join(','), {
    path: '/api/login',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    signed: true,
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  })
}
