/*
 * The calendar's views over the generic date helpers of shared/dates: the
 * range a view shows, its steps and headings, and the week start it uses.
 */
import {
  addDays,
  addMonths,
  addWeeks,
  addYears,
  endOfMonth,
  endOfWeek,
  endOfYear,
  format,
  parseISO,
  startOfMonth,
  startOfWeek,
  startOfYear,
} from 'date-fns'
import { daysOf, formatRange, toIso } from '~/components/shared/dates'

export const VIEWS = ['month', 'two_weeks', 'week', 'day', 'year'] as const
export type CalendarView = (typeof VIEWS)[number]
export const MODES = ['projects', 'people'] as const
export type CalendarMode = (typeof MODES)[number]

export const VIEW_LABELS: Record<CalendarView, string> = {
  month: 'Month',
  two_weeks: 'Two weeks',
  week: 'Week',
  day: 'Day',
  year: 'Year',
}

/*
 * The first day of the week (0 Sunday, 1 Monday): the admin setting
 * week_starts_on, which the calendar page sets from its props before it first
 * renders. Every week grid reads it, so one page never mixes two week starts.
 */
let weekStartsOn: 0 | 1 = 1

export function setWeekStartsOn(day: 0 | 1) {
  weekStartsOn = day
}

export type DateRange = { from: string; to: string }

export function eachDay(range: DateRange): string[] {
  return daysOf(range.from, range.to)
}

export function weekStart(date: string) {
  return toIso(startOfWeek(parseISO(date), { weekStartsOn }))
}

/** How many days the people month shows when it starts this week: five whole weeks. */
export const WEEKS_FROM_TODAY_DAYS = 35

/**
 * The days a view shows around its anchor date. The projects-mode month is
 * whole weeks (the grid of a wall calendar); the people-mode month is the
 * month's own days, a column each, or, opened without a date
 * (`startsThisWeek`), five weeks from the start of the anchor's week, so
 * that today is near the left edge. The server's calendar_place.ts works
 * out the same days.
 */
export function visibleRange(
  view: CalendarView,
  anchor: string,
  mode: CalendarMode,
  startsThisWeek = false
): DateRange {
  const date = parseISO(anchor)
  const week = { weekStartsOn }
  switch (view) {
    case 'month':
      if (startsThisWeek) {
        const start = startOfWeek(date, week)
        return { from: toIso(start), to: toIso(addDays(start, WEEKS_FROM_TODAY_DAYS - 1)) }
      }
      return mode === 'projects'
        ? {
            from: toIso(startOfWeek(startOfMonth(date), week)),
            to: toIso(endOfWeek(endOfMonth(date), week)),
          }
        : { from: toIso(startOfMonth(date)), to: toIso(endOfMonth(date)) }
    case 'two_weeks': {
      const start = startOfWeek(date, week)
      return { from: toIso(start), to: toIso(addDays(start, 13)) }
    }
    case 'week':
      return { from: toIso(startOfWeek(date, week)), to: toIso(endOfWeek(date, week)) }
    case 'day':
      return { from: anchor, to: anchor }
    case 'year':
      return { from: toIso(startOfYear(date)), to: toIso(endOfYear(date)) }
  }
}

/** The anchor one view-length earlier (-1) or later (+1). */
export function stepAnchor(view: CalendarView, anchor: string, direction: 1 | -1): string {
  const date = parseISO(anchor)
  switch (view) {
    case 'month':
      return toIso(addMonths(date, direction))
    case 'two_weeks':
      return toIso(addWeeks(date, 2 * direction))
    case 'week':
      return toIso(addWeeks(date, direction))
    case 'day':
      return toIso(addDays(date, direction))
    case 'year':
      return toIso(addYears(date, direction))
  }
}

const STEP_NAMES: Record<CalendarView, string> = {
  month: 'month',
  two_weeks: 'two weeks',
  week: 'week',
  day: 'day',
  year: 'year',
}

export function stepName(view: CalendarView) {
  return STEP_NAMES[view]
}

/** The heading of a view: "November 2026", "2 – 15 Nov 2026", "Tuesday 3 November 2026", "2026". */
export function viewTitle(
  view: CalendarView,
  anchor: string,
  mode: CalendarMode,
  startsThisWeek = false
) {
  const date = parseISO(anchor)
  if (view === 'month' && startsThisWeek) {
    const range = visibleRange(view, anchor, mode, true)
    return formatRange(range.from, range.to, { compact: true })
  }
  if (view === 'month') return format(date, 'MMMM yyyy')
  if (view === 'year') return format(date, 'yyyy')
  if (view === 'day') return format(date, 'EEEE d MMMM yyyy')
  const range = visibleRange(view, anchor, mode)
  return formatRange(range.from, range.to, { compact: true })
}

/** The 12 months of the anchor's year, each as its first day. */
export function monthsOfYear(anchor: string): string[] {
  const first = startOfYear(parseISO(anchor))
  return Array.from({ length: 12 }, (_, index) => toIso(addMonths(first, index)))
}

/** A month's days padded to whole weeks (for a small month grid). */
export function monthGrid(monthStart: string): DateRange {
  const date = parseISO(monthStart)
  const week = { weekStartsOn }
  return {
    from: toIso(startOfWeek(startOfMonth(date), week)),
    to: toIso(endOfWeek(endOfMonth(date), week)),
  }
}

export function monthName(monthStart: string) {
  return format(parseISO(monthStart), 'MMMM')
}
