import { addDays, isCalendarDay, today } from '#services/schedule/projects/project_days'

export const CALENDAR_VIEWS = ['month', 'two_weeks', 'week', 'day', 'year'] as const
export const CALENDAR_MODES = ['projects', 'people'] as const
export type CalendarView = (typeof CALENDAR_VIEWS)[number]
export type CalendarMode = (typeof CALENDAR_MODES)[number]

/** The admin's calendar settings, which staff cannot read through the admin API. */
export type CalendarPreferences = {
  weekStartsOn: 0 | 1
  defaultView: CalendarView
  defaultMode: CalendarMode
}

/** Where the calendar is (the address's ?view, ?mode and ?date) and the days it shows. */
export type CalendarPlace = {
  view: CalendarView
  mode: CalendarMode
  date: string
  from: string
  to: string
  /** The people month opened without a date: five weeks from this week, not the 1st to the 31st. */
  startsThisWeek: boolean
}

/** How many days the people month shows when it starts this week: five whole weeks. */
export const WEEKS_FROM_TODAY_DAYS = 35

function weekday(day: string) {
  return new Date(`${day}T00:00:00Z`).getUTCDay()
}

function startOfWeek(day: string, weekStartsOn: 0 | 1) {
  return addDays(day, -((weekday(day) - weekStartsOn + 7) % 7))
}

function endOfMonth(day: string) {
  const [year, month] = day.split('-').map(Number)
  const next =
    month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`
  return addDays(next, -1)
}

/*
 * The days a view shows around its date. The projects month is whole weeks
 * (the grid's first and last rows reach into the next months); the people
 * month is the month's own days, or, opened without a date, five weeks from
 * the start of this one (late in a month, the month's own days would be
 * mostly past, with today at the far right). Must agree with the page's
 * visibleRange().
 */
function visibleDays(
  view: CalendarView,
  date: string,
  mode: CalendarMode,
  weekStartsOn: 0 | 1,
  startsThisWeek: boolean
) {
  switch (view) {
    case 'month': {
      if (startsThisWeek) {
        const from = startOfWeek(date, weekStartsOn)
        return { from, to: addDays(from, WEEKS_FROM_TODAY_DAYS - 1) }
      }
      const first = `${date.slice(0, 7)}-01`
      const last = endOfMonth(date)
      return mode === 'projects'
        ? {
            from: startOfWeek(first, weekStartsOn),
            to: addDays(startOfWeek(last, weekStartsOn), 6),
          }
        : { from: first, to: last }
    }
    case 'two_weeks': {
      const from = startOfWeek(date, weekStartsOn)
      return { from, to: addDays(from, 13) }
    }
    case 'week': {
      const from = startOfWeek(date, weekStartsOn)
      return { from, to: addDays(from, 6) }
    }
    case 'day':
      return { from: date, to: date }
    case 'year':
      return { from: `${date.slice(0, 4)}-01-01`, to: `${date.slice(0, 4)}-12-31` }
  }
}

function oneOf<T extends string>(choices: readonly T[], value: unknown, fallback: T): T {
  return (choices as readonly unknown[]).includes(value) ? (value as T) : fallback
}

/**
 * The place the address names; what it leaves out (or gets wrong) falls back
 * to the admin's default view and mode and to today, as a shared link should
 * (the people month without a date starts at this week, so today is near
 * the left edge).
 */
export function calendarPlace(
  query: Record<string, unknown>,
  preferences: CalendarPreferences
): CalendarPlace {
  const view = oneOf(CALENDAR_VIEWS, query.view, preferences.defaultView)
  const mode = oneOf(CALENDAR_MODES, query.mode, preferences.defaultMode)
  const dated = typeof query.date === 'string' && isCalendarDay(query.date)
  const date = dated ? (query.date as string) : today()
  const startsThisWeek = !dated && view === 'month' && mode === 'people'
  return {
    view,
    mode,
    date,
    ...visibleDays(view, date, mode, preferences.weekStartsOn, startsThisWeek),
    startsThisWeek,
  }
}
