import type { CalendarMode, CalendarView } from './calendar_dates'

/**
 * Which view, mode and date the calendar shows, kept in the address
 * (?view=month&mode=people&date=2026-11-01) so a reload or a shared link
 * opens the same place; the server reads it and sends the place's data.
 */
export type CalendarPlace = { view: CalendarView; mode: CalendarMode; date: string }

/** The place as the server sends it: with whether the people month starts this week (no ?date). */
export type ShownPlace = CalendarPlace & { from: string; to: string; startsThisWeek: boolean }
