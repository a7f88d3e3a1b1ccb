import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

const VERSION = 'v1'

/**
 * Encrypts small secrets kept in the database (the two-factor secrets) with AES-256-GCM, under a
 * key derived from SESSION_SECRET by HKDF: a copy of the database alone (a backup, a leaked dump)
 * does not hold them in clear. Changing SESSION_SECRET makes them unreadable: two-factor sign-in
 * then takes a recovery code, as the README says.
 */
export class SecretBox {
  private readonly key: Buffer

  constructor(sessionSecret: string, purpose: string) {
    this.key = Buffer.from(hkdfSync('sha256', sessionSecret, 'jade-shop secret box', purpose, 32))
  }

  seal(plain: string): string {
    const iv = randomBytes(12)
    const cipher = createCipheriv('aes-256-gcm', this.key, iv)
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
    return [VERSION, iv, body, cipher.getAuthTag()]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.')
  }

  /** The plain text, or undefined when it was sealed under another key or was tampered with. */
  open(sealed: string): string | undefined {
    const [version, iv, body, tag] = sealed.split('.')
    if (version !== VERSION || !iv || !body || !tag) return undefined
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'))
      decipher.setAuthTag(Buffer.from(tag, 'base64url'))
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      )
    } catch {
      return undefined
    }
  }
}
