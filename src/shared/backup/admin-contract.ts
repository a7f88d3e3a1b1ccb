import { endpoint } from '../contract'

// The dashboard's "Download backup"; the route is inside the admin scope.

export const backupAdminContract = {
  /** The database and every upload as one tar archive, streamed: no JSON answer to describe. */
  download: endpoint({
    method: 'GET',
    permission: 'backup:download',
    path: '/api/admin/backup',
    response: {},
  }),
}
