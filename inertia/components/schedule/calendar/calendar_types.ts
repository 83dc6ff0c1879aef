import type { Data } from '~generated/data'

/** The fields of a project the calendar draws. */
export type CalendarProject = Data.Schedule.CalendarProject
/** A bar of projects mode: the project with its client's name and crew count. */
export type CalendarBar = Data.Schedule.CalendarProject.Variants['forBars']
export type PeoplePerson = Data.Schedule.CalendarPerson
export type PeopleBooking = Data.Schedule.CalendarBooking
export type PeopleConflict = Data.Schedule.Conflict.Variants['forCalendar']
export type Conflict = Data.Schedule.Conflict

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
