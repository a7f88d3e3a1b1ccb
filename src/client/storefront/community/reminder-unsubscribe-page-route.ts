import { lazyPageRoute } from '../../lib/lazy-page'

export const reminderUnsubscribePageRoute = lazyPageRoute(
  () => import('./reminder-unsubscribe-page'),
  'ReminderUnsubscribePage',
  {
    meta: () => ({
      title: 'Unsubscribe',
      description: 'Stop reminders about unfinished checkouts.',
      noindex: true,
    }),
  },
)
