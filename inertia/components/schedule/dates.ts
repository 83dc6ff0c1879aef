import { addDays, differenceInCalendarDays, eachDayOfInterval, format, parseISO } from 'date-fns'

/*
 * Dates travel as 'YYYY-MM-DD' and are handled as local calendar days, so a
 * date never shifts across a time zone boundary.
 */
export function toIsoDate(date: Date) {
  return format(date, 'yyyy-MM-dd')
}

export function today() {
  return toIsoDate(new Date())
}

export function shiftDate(date: string, days: number) {
  return toIsoDate(addDays(parseISO(date), days))
}

export function daysOf(startDate: string, endDate: string): string[] {
  if (endDate < startDate) {
    return []
  }
  return eachDayOfInterval({ start: parseISO(startDate), end: parseISO(endDate) }).map(toIsoDate)
}

export function dayCount(startDate: string, endDate: string) {
  return differenceInCalendarDays(parseISO(endDate), parseISO(startDate)) + 1
}

/** "Mon 3 Mar 2025" */
export function formatDay(date: string) {
  return format(parseISO(date), 'EEE d MMM yyyy')
}

/** "3 Mar" */
export function formatShortDay(date: string) {
  return format(parseISO(date), 'd MMM')
}

export function formatRange(startDate: string, endDate: string) {
  if (startDate === endDate) {
    return formatDay(startDate)
  }
  return `${formatDay(startDate)} – ${formatDay(endDate)}`
}

/** A timestamp as the reader's local date and time: "3 Mar 2025, 14:05". */
export function formatTimestamp(timestamp: string) {
  return format(new Date(timestamp), 'd MMM yyyy, HH:mm')
}

export function formatTimestampDay(timestamp: string) {
  return format(new Date(timestamp), 'd MMM yyyy')
}

/** The two halves of a day-strip cell: "Mon" and "3". */
export function dayParts(date: string) {
  const parsed = parseISO(date)
  return { weekday: format(parsed, 'EEE'), day: format(parsed, 'd') }
}
