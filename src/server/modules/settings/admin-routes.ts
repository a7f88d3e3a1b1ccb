import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { settingsAdminContract as contract } from '../../../shared/settings/admin-contract'
import { DEFAULT_FEED_SETTINGS, feedSettingsSchema, SETTINGS_MESSAGES } from '../../../shared/settings/schema'
import { ALL_PERMISSIONS } from '../../../shared/staff/permissions'
import type { Database } from '../../db/client'
import { conflict } from '../../errors'
import { schemaOf } from '../../http/contract'
import { currentUser } from '../../http/guards'
import { FEEDS_SETTING } from '../feeds/routes'
import { mustHoldAll } from '../staff/service'
import { readSetting, readStaffSecurity, STAFF_SECURITY_SETTING, writeSetting } from './service'

/** The back office's Settings area; registered inside the admin scope (plugins/admin-scope.ts). */
export const settingsAdminRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(contract.staffSecurity.path, { schema: schemaOf(contract.staffSecurity) }, () =>
    readStaffSecurity(db),
  )

  app.put(
    contract.saveStaffSecurity.path,
    { schema: schemaOf(contract.saveStaffSecurity) },
    async (request) => {
      const member = await currentUser(request)
      // How Owners sign in is an Owner's decision: it takes every permission, not settings alone.
      mustHoldAll(member, ALL_PERMISSIONS)
      // An Owner without a second factor who required one of Owners would lock themselves out.
      if (request.body.ownersNeedTwoFactor && !member.twoFactorEnabled)
        throw conflict(SETTINGS_MESSAGES.ownTwoFactorFirst)
      return writeSetting(db, STAFF_SECURITY_SETTING, request.body)
    },
  )

  app.get(contract.feeds.path, { schema: schemaOf(contract.feeds) }, () =>
    readSetting(db, FEEDS_SETTING, feedSettingsSchema, DEFAULT_FEED_SETTINGS),
  )

  app.put(contract.saveFeeds.path, { schema: schemaOf(contract.saveFeeds) }, (request) =>
    writeSetting(db, FEEDS_SETTING, request.body),
  )
}
