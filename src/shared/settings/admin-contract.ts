import { endpoint } from '../contract'
import { feedSettingsSchema, staffSecuritySchema } from './schema'

// The back office's Settings area; the routes are inside the admin scope.

export const settingsAdminContract = {
  feeds: endpoint({
    method: 'GET',
    permission: 'settings:manage',
    path: '/api/admin/settings/feeds',
    response: { 200: feedSettingsSchema },
  }),
  saveFeeds: endpoint({
    method: 'PUT',
    permission: 'settings:manage',
    path: '/api/admin/settings/feeds',
    body: feedSettingsSchema,
    response: { 200: feedSettingsSchema },
  }),
  staffSecurity: endpoint({
    method: 'GET',
    permission: 'settings:manage',
    path: '/api/admin/settings/staff',
    response: { 200: staffSecuritySchema },
  }),
  saveStaffSecurity: endpoint({
    method: 'PUT',
    permission: 'settings:manage',
    path: '/api/admin/settings/staff',
    body: staffSecuritySchema,
    response: { 200: staffSecuritySchema },
  }),
}
