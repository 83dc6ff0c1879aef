import { differenceInCalendarDays } from 'date-fns'

/**
 * When the hourly cleanup will delete a file, as a future event (it is still
 * there): "Deleted automatically on 24 Dec (in 3 days)", in the reader's
 * language and time zone; the year only when it is not this one.
 */
export function describeAutoDeletion(expiresAt: string, now = new Date()) {
  const when = new Date(expiresAt)
  if (when <= now) {
    return 'Due for automatic deletion within the hour'
  }
  const day = when.toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'short',
    year: when.getFullYear() === now.getFullYear() ? undefined : 'numeric',
  })
  const days = differenceInCalendarDays(when, now)
  const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' }).format(days, 'day')
  return `Deleted automatically on ${day} (${relative})`
}
