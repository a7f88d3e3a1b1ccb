import { useId, useState } from 'react'
import { JOURNAL_MESSAGES } from '../../../shared/journal/rules'
import { addDays } from '../../../shared/shop-dates/calendar'
import { dayIn, instantToWallTime, wallTimeToInstant } from '../../../shared/shop-dates/wall-time'
import { Button } from '../../ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../ui/dialog'
import { FormField } from '../../ui/form-field'
import { Input } from '../../ui/input'

/**
 * Picks when a story goes live: a date and a time on the shop's clock (STORE_TIMEZONE), whatever
 * zone the owner's own device is in. The dialog stays open, with its values, if the save fails.
 */
export function ScheduleDialog({
  open,
  onOpenChange,
  timeZone,
  initial,
  onSchedule,
  title = 'Schedule this story',
  description = 'It appears on the Journal, the home page and the feed at this time.',
  messages = { invalid: JOURNAL_MESSAGES.publishedAt, past: JOURNAL_MESSAGES.scheduleInPast },
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  timeZone: string
  /** The current schedule, when rescheduling. */
  initial: string | null
  /** Saves; resolves to whether it worked. */
  onSchedule: (at: Date) => Promise<boolean>
  /** What is scheduled, when not a story (a newsletter campaign). */
  title?: string
  description?: string
  messages?: { invalid: string; past: string }
}) {
  const id = useId()
  // Tomorrow at 9 in the morning, the shop's time, unless a schedule is being moved.
  const start = initial
    ? instantToWallTime(initial, timeZone)
    : { date: addDays(dayIn(timeZone), 1), time: '09:00' }
  const [date, setDate] = useState(start.date)
  const [time, setTime] = useState(start.time)
  const [error, setError] = useState<string>()
  const [pending, setPending] = useState(false)
  const today = dayIn(timeZone)

  const confirm = async () => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) {
      setError(messages.invalid)
      return
    }
    const at = wallTimeToInstant({ date, time }, timeZone)
    if (at.getTime() <= Date.now()) {
      setError(messages.past)
      return
    }
    setPending(true)
    const saved = await onSchedule(at)
    setPending(false)
    if (saved) onOpenChange(false)
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {description} Times are the shop’s ({timeZone.replace(/_/g, ' ')}).
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Date" htmlFor={`${id}-date`} error={error}>
            <Input
              type="date"
              value={date}
              min={today}
              onChange={(event) => {
                setDate(event.target.value)
                setError(undefined)
              }}
            />
          </FormField>
          <FormField label="Time" htmlFor={`${id}-time`}>
            <Input
              type="time"
              value={time}
              step={300}
              onChange={(event) => {
                setTime(event.target.value)
                setError(undefined)
              }}
            />
          </FormField>
        </div>
        <DialogFooter>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
            Cancel
          </Button>
          <Button onClick={() => void confirm()} loading={pending}>
            Schedule
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
