import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod'
import { checkoutRemindersContract as contract } from '../../../shared/checkout-reminders/contract'
import {
  REMINDER_UNSUBSCRIBE_MESSAGES,
  reminderUnsubscribeQuerySchema,
  resumeQuerySchema,
} from '../../../shared/checkout-reminders/schema'
import type { Database } from '../../db/client'
import { notFound } from '../../errors'
import { schemaOf } from '../../http/contract'
import { RATE_LIMITS } from '../../limits/rate-limits'
import { restoreCartLines } from '../cart/service'
import { REMINDER_PATHS, type ReminderLinks } from './reminder-links'
import { unsubscribeFromReminders } from './service'

export const checkoutReminderRoutes: FastifyPluginAsyncZod<{ db: Database; links: ReminderLinks }> = async (
  app,
  { db, links },
) => {
  // The reminder's "Return to checkout": puts the pieces still for sale back into this browser's
  // cart (a guest's cart lives in a session cookie, so another device, or a session that ended,
  // would find it empty) and opens checkout. Following it twice, or from a scanner, adds nothing
  // more: a line is never raised above what the link names. A link whose pieces are all gone
  // opens the first one's page, which says so; a bad or expired link opens checkout as it is.
  app.get(
    REMINDER_PATHS.resume,
    { schema: { querystring: resumeQuerySchema }, config: { rateLimit: RATE_LIMITS.reminderLink } },
    async (request, reply) => {
      const lines = links.readResume(request.query.token ?? '')
      if (!lines) return reply.redirect('/checkout', 303)
      const existing = await request.session.id()
      const restored = await restoreCartLines(db, existing ?? (() => request.session.ensureId()), lines)
      return reply.redirect(restored > 0 ? '/checkout' : `/product/${lines[0]!.productId}`, 303)
    },
  )

  // List-Unsubscribe's address. A mail client that opens it in a browser gets the page.
  app.get(
    REMINDER_PATHS.unsubscribe,
    { schema: { querystring: reminderUnsubscribeQuerySchema } },
    async (request, reply) =>
      reply.redirect(
        `${REMINDER_PATHS.unsubscribePage}?token=${encodeURIComponent(request.query.token ?? '')}`,
        303,
      ),
  )

  await app.register(async (oneClick) => {
    // RFC 8058: the mail provider POSTs the form `List-Unsubscribe=One-Click` to the address of
    // List-Unsubscribe, from its own servers; the token in that address says who leaves.
    oneClick.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    )
    oneClick.withTypeProvider<ZodTypeProvider>().post(
      contract.unsubscribe.path,
      {
        schema: schemaOf(contract.unsubscribe),
        config: { rateLimit: RATE_LIMITS.unsubscribe, oneClickUnsubscribe: true },
      },
      async (request) => {
        const email = links.readUnsubscribe(request.body.token ?? request.query.token ?? '')
        if (!email) throw notFound(REMINDER_UNSUBSCRIBE_MESSAGES.badToken)
        await unsubscribeFromReminders(db, email)
        return { message: REMINDER_UNSUBSCRIBE_MESSAGES.unsubscribed }
      },
    )
  })
}
