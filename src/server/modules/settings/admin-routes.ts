import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { DEFAULT_FEED_SETTINGS, feedSettingsSchema } from '../../../shared/settings'
import type { Database } from '../../db/client'
import { FEEDS_SETTING } from '../feeds/routes'
import { readSetting, writeSetting } from './service'

/** The back office's Settings area; registered inside the admin scope (plugins/admin-scope.ts). */
export const settingsAdminRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get('/api/admin/settings/feeds', () =>
    readSetting(db, FEEDS_SETTING, feedSettingsSchema, DEFAULT_FEED_SETTINGS),
  )

  app.put('/api/admin/settings/feeds', { schema: { body: feedSettingsSchema } }, (request) =>
    writeSetting(db, FEEDS_SETTING, request.body),
  )
}
