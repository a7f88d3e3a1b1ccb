import { z } from 'zod'

// The owner's settings (the back office's Settings area), one schema a concern.

/** The product feeds for Google Merchant Center and Meta's Commerce Manager (issue 37). */
export const feedSettingsSchema = z.object({
  google: z.boolean({ error: 'Google Shopping must be on or off' }),
  meta: z.boolean({ error: 'Instagram and Facebook must be on or off' }),
})
export type FeedSettings = z.infer<typeof feedSettingsSchema>

/** Both feeds are off until the owner turns them on. */
export const DEFAULT_FEED_SETTINGS: FeedSettings = { google: false, meta: false }

export const FEED_PATHS = { google: '/feeds/google.xml', meta: '/feeds/meta.csv' } as const

export const SETTINGS_MESSAGES = {
  feedsSaved: 'Feed settings saved',
} as const
