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

/** How the team signs in (issue 35): Managers and Bookkeepers always need a second factor. */
export const staffSecuritySchema = z.object({
  ownersNeedTwoFactor: z.boolean({ error: 'Say whether Owners must use two-factor sign-in' }),
})
export type StaffSecurity = z.infer<typeof staffSecuritySchema>
/** Owners keep the specification's password sign-in until one of them turns this on. */
export const DEFAULT_STAFF_SECURITY: StaffSecurity = { ownersNeedTwoFactor: false }

export const SETTINGS_MESSAGES = {
  feedsSaved: 'Feed settings saved',
  ownTwoFactorFirst: 'Turn on two-factor sign-in for your own account first',
} as const
