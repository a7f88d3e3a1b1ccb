import { hash, verify } from '@node-rs/argon2'

// OWASP's argon2id parameters (m=19 MiB, t=2, p=1). @node-rs/argon2 runs on libuv's thread pool,
// so hashing never blocks the event loop.
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS)
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

// Verifying against this when the username is unknown makes both answers take the same time,
// so response timing does not tell which usernames exist.
let decoyHash: Promise<string> | undefined
export async function burnPasswordCheck(password: string): Promise<void> {
  decoyHash ??= hashPassword('decoy-password-for-timing')
  await verifyPassword(await decoyHash, password)
}
