import { randomBytes } from 'node:crypto'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type { MailMessage, MailTransport } from './transport'

/**
 * Writes each message as an RFC 822 `.eml` file (any mail client opens it) instead of sending it:
 * the shop runs without a mail server, and a developer can read exactly what would have gone out.
 */
export class FileMailTransport implements MailTransport {
  // Nodemailer builds the same MIME message it would send over SMTP, with CRLF line ends as RFC
  // 5322 asks, and hands back the bytes instead of opening a connection.
  private readonly composer = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'windows',
  })

  /** The folder is made once, not per message; made again if it disappears. */
  private directoryMade: Promise<unknown> | undefined

  constructor(private readonly directory: string) {}

  async send(message: MailMessage): Promise<void> {
    const info = await this.composer.sendMail({
      from: message.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      replyTo: message.replyTo,
      headers: message.headers,
      messageId: message.messageId,
    })
    const bytes = info.message
    if (!Buffer.isBuffer(bytes)) throw new Error('nodemailer did not return the message as a buffer')
    this.directoryMade ??= mkdir(this.directory, { recursive: true })
    await this.directoryMade.catch((error) => {
      this.directoryMade = undefined
      throw error
    })
    const target = path.join(this.directory, fileName(message))
    // Written beside the target and renamed over it (atomic on one file system): a reader
    // watching the folder for .eml files never opens a half-written one.
    const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`
    try {
      await writeFile(temporary, bytes)
      await rename(temporary, target)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') this.directoryMade = undefined
      await rm(temporary, { force: true })
      throw error
    }
  }
}

/**
 * `<ISO time>-<kind>-<id>.eml`, sorted by time in a listing. The colons of the time become dashes
 * because Windows and macOS Finder refuse or mangle them; kind and id are reduced to safe
 * characters because a file name must never climb out of the folder.
 */
export function fileName(message: MailMessage, now = new Date()): string {
  const time = now.toISOString().replaceAll(':', '-')
  const kind = safe(message.kind ?? 'mail')
  const local = /^<?([^@>]*)/.exec(message.messageId)?.[1] ?? ''
  const id = safe(/^outbox-(\d+)$/.exec(local)?.[1] ?? local)
  return `${time}-${kind}-${id || randomBytes(4).toString('hex')}.eml`
}

function safe(part: string): string {
  return part
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
}
