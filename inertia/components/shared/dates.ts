/*
 * Dates and timestamps for every page of the three apps. Calendar dates
 * travel as 'YYYY-MM-DD' and are read with parseISO as local calendar days:
 * `new Date('YYYY-MM-DD')` would read UTC midnight and slip a day west of
 * Greenwich. Timestamps travel as ISO 8601 and show in the reader's time zone.
 */
import {
  addDays,
  differenceInCalendarDays,
  eachDayOfInterval,
  format,
  isValid,
  parseISO,
} from 'date-fns'

export function toIso(date: Date) {
  return format(date, 'yyyy-MM-dd')
}

export function today() {
  return toIso(new Date())
}

export function isIsoDate(value: string | null | undefined): value is string {
  return !!value && /^\d{4}-\d{2}-\d{2}$/.test(value) && isValid(parseISO(value))
}

export function shiftDays(date: string, days: number) {
  return toIso(addDays(parseISO(date), days))
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string) {
  return differenceInCalendarDays(parseISO(to), parseISO(from))
}

/** How many days a range covers, both ends included. */
export function dayCount(from: string, to: string) {
  return daysBetween(from, to) + 1
}

/** Every day from `from` to `to`, both included; none when `to` is earlier. */
export function daysOf(from: string, to: string): string[] {
  if (to < from) {
    return []
  }
  return eachDayOfInterval({ start: parseISO(from), end: parseISO(to) }).map(toIso)
}

/** The later of two ISO dates. */
export function maxDate(a: string, b: string) {
  return a > b ? a : b
}

/** The earlier of two ISO dates. */
export function minDate(a: string, b: string) {
  return a < b ? a : b
}

/** "Mon 3 Mar 2025" */
export function formatDay(date: string) {
  return format(parseISO(date), 'EEE d MMM yyyy')
}

/** "3 Mar" */
export function formatShortDay(date: string) {
  return format(parseISO(date), 'd MMM')
}

/** "Tue 3 Nov": the short label of a day in a grid. */
export function shortDay(date: string) {
  return format(parseISO(date), 'EEE d MMM')
}

/** "Tuesday 3 November 2026": a day spelt out for labels. */
export function longDay(date: string) {
  return format(parseISO(date), 'EEEE d MMMM yyyy')
}

export function dayOfMonth(date: string) {
  return format(parseISO(date), 'd')
}

export function weekdayShort(date: string) {
  return format(parseISO(date), 'EEE')
}

/** The two halves of a day-strip cell: "Mon" and "3". */
export function dayParts(date: string) {
  return { weekday: weekdayShort(date), day: dayOfMonth(date) }
}

export function isWeekend(date: string) {
  const day = parseISO(date).getDay()
  return day === 0 || day === 6
}

/**
 * A range of days. By default each end is a whole day ("Mon 3 Nov 2026 – Wed
 * 5 Nov 2026"; one day alone when they are the same). `compact` is for tight
 * places such as calendar bars and headings, and says each part once: "3 Nov
 * 2026", "3 – 5 Nov 2026", "30 Nov – 2 Dec 2026", "30 Dec 2026 – 2 Jan 2027".
 */
export function formatRange(from: string, to: string, { compact = false } = {}) {
  if (!compact) {
    return from === to ? formatDay(from) : `${formatDay(from)} – ${formatDay(to)}`
  }
  const start = parseISO(from)
  const end = parseISO(to)
  if (from === to) return format(start, 'd MMM yyyy')
  if (from.slice(0, 4) !== to.slice(0, 4)) {
    return `${format(start, 'd MMM yyyy')} – ${format(end, 'd MMM yyyy')}`
  }
  if (from.slice(0, 7) !== to.slice(0, 7)) {
    return `${format(start, 'd MMM')} – ${format(end, 'd MMM yyyy')}`
  }
  return `${format(start, 'd')} – ${format(end, 'd MMM yyyy')}`
}

/** A timestamp as the reader's local date and time: "3 Mar 2025, 14:05". */
export function formatTimestamp(timestamp: string) {
  return format(new Date(timestamp), 'd MMM yyyy, HH:mm')
}

/** A timestamp's local day: "3 Mar 2025". */
export function formatTimestampDay(timestamp: string) {
  return format(new Date(timestamp), 'd MMM yyyy')
}

/** A timestamp in the reader's own locale, date in words and minutes ("24 Nov 2026, 12:48" in en-GB); '' for none. */
export function formatLocalTimestamp(timestamp: string | null) {
  return timestamp
    ? new Date(timestamp).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
    : ''
}

/** A timestamp to the second in the reader's locale, for logs and audit trails; a dash for never. */
export function formatExactTimestamp(timestamp: string | null) {
  return timestamp ? new Date(timestamp).toLocaleString() : '—'
}

/*
 * How far a moment is from now, in the largest unit that fits: under 45
 * seconds is "now", then minutes (under 45), hours (under 22), days (under
 * 26), months (under about 11), then years. Each row: unit, its length in
 * seconds, and the distance from which the next unit takes over.
 */
const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number, number][] = [
  ['second', 1, 45],
  ['minute', 60, 45 * 60],
  ['hour', 3600, 22 * 3600],
  ['day', 86_400, 26 * 86_400],
  ['month', 30 * 86_400, 320 * 86_400],
  ['year', 365 * 86_400, Number.POSITIVE_INFINITY],
]

/** "3 minutes ago", "in 2 days", "yesterday", "now", in the reader's locale. */
export function formatRelative(timestamp: string, now: Date = new Date(), locale?: string) {
  const seconds = (new Date(timestamp).getTime() - now.getTime()) / 1000
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })
  const [unit, size] = RELATIVE_UNITS.find(([, , below]) => Math.abs(seconds) < below)!
  return relative.format(unit === 'second' ? 0 : Math.round(seconds / size), unit)
}

/**
 * The attributes of a `<time>` that says a moment relatively and gives the
 * exact time (to the second) on hover: `<time {...relativeTimeProps(at)} />`.
 */
export function relativeTimeProps(timestamp: string, now: Date = new Date()) {
  return {
    dateTime: timestamp,
    title: formatExactTimestamp(timestamp),
    children: formatRelative(timestamp, now),
  }
}
