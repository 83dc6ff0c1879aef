import type { PeopleCalendar } from '~/components/schedule/types'

/** The fields of a project the calendar draws (both /api/projects and /api/calendar/people give them). */
export type CalendarProject = PeopleCalendar['projects'][number]
export type PeoplePerson = PeopleCalendar['people'][number]
export type PeopleBooking = PeopleCalendar['bookings'][number]
export type PeopleConflict = PeopleCalendar['conflicts'][number]

export function personKey(person: { kind: string; id: number }) {
  return `${person.kind}:${person.id}`
}
