import path from 'node:path'
import type { Config } from '../../config'
import { FileMailTransport } from './file-transport'
import { SmtpMailTransport } from './smtp-transport'
import type { MailTransport } from './transport'

/** SMTP when SMTP_URL is set; otherwise `.eml` files under DATA_DIR/mail, readable in development. */
export function createMailTransport(config: Config): MailTransport {
  if (config.smtpUrl) return new SmtpMailTransport(config.smtpUrl)
  return new FileMailTransport(path.join(config.dataDir, 'mail'))
}
