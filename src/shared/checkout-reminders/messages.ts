// The words of the unfinished-checkout reminders' unsubscribe (issue 25), apart from the schema:
// the unsubscribe page imports them and need not carry zod.

export const REMINDER_UNSUBSCRIBE_MESSAGES = {
  unsubscribed:
    'You will not receive reminders about unfinished checkouts any more. E-mails about your orders still reach you.',
  badToken: 'This unsubscribe link is not valid. Reply to our e-mail and we will take your address off.',
} as const
