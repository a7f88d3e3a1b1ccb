import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { DEFAULT_FEED_SETTINGS, feedSettingsSchema } from '../../../shared/settings'
import { settingsAdminContract as contract } from '../../../shared/settings/admin-contract'
import type { Database } from '../../db/client'
import { schemaOf } from '../../http/contract'
import { FEEDS_SETTING } from '../feeds/routes'
import { readSetting, writeSetting } from './service'

/** The back office's Settings area; registered inside the admin scope (plugins/admin-scope.ts). */
export const settingsAdminRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(contract.feeds.path, { schema: schemaOf(contract.feeds) }, () =>
    readSetting(db, FEEDS_SETTING, feedSettingsSchema, DEFAULT_FEED_SETTINGS),
  )

  app.put(contract.saveFeeds.path, { schema: schemaOf(contract.saveFeeds) }, (request) =>
    writeSetting(db, FEEDS_SETTING, request.body),
  )
}
