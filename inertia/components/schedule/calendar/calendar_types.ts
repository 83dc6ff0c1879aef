import type { Data } from '~generated/data'

/** The fields of a project the calendar draws. */
export type CalendarProject = Data.Schedule.CalendarProject
/** A bar of projects mode: the project with its client's name and crew count. */
export type CalendarBar = Data.Schedule.CalendarProject.Variants['forBars']
export type PeoplePerson = Data.Schedule.CalendarPerson
export type PeopleBooking = Data.Schedule.CalendarBooking
export type PeopleConflict = Data.Schedule.Conflict.Variants['forCalendar']
export type Conflict = Data.Schedule.Conflict
export type ProductionDay = Data.Schedule.CalendarDay
export type ProductionActivity = Data.Schedule.CalendarActivity

/**
 * What the production days of the range hold (the page's `production` prop,
 * in the day view and the projects week): the days' info, and in the day
 * view their activities.
 */
export type ProductionData = { days: ProductionDay[]; activities: ProductionActivity[] }

/** The people calendar of a range (GET /api/calendar/people, and the page's `people` prop). */
export type PeopleData = {
  from: string
  to: string
  people: PeoplePerson[]
  projects: CalendarProject[]
  bookings: PeopleBooking[]
  conflicts: PeopleConflict[]
}

export function personKey(person: { kind: string; id: number }) {
  return `${person.kind}:${person.id}`
}
