import { differenceInCalendarDays } from 'date-fns'

/** 1536 → "1.5 KB", as the server's emails write sizes. */
export function formatBytes(bytes: number) {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB']
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return unit === 0 ? `${bytes} bytes` : `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`
}

/** 3725 → "1 h 2 min", 75 → "1 min 15 s". */
export function formatDuration(seconds: number) {
  const whole = Math.max(0, Math.round(seconds))
  const hours = Math.floor(whole / 3600)
  const minutes = Math.floor((whole % 3600) / 60)
  const rest = whole % 60
  if (hours > 0) {
    return `${hours} h ${minutes} min`
  }
  if (minutes > 0) {
    return `${minutes} min ${rest} s`
  }
  return `${rest} s`
}

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
