import type { Data } from '~generated/data'
import { formatRange } from '~/components/shared/dates'
import {
  personKey,
  type CalendarProject,
  type PeopleBooking,
  type PeopleConflict,
  type PeopleData,
} from './calendar_types'

type RosterEntry = Data.Schedule.RosterEntry

/** One booking on one day: what a cell of the people grid shows. */
export type Chip = {
  booking: PeopleBooking
  project: CalendarProject
  date: string
  note: string | null
  /** open: an unresolved double booking on this day; resolved: one marked resolved. */
  conflict: 'open' | 'resolved' | null
  /** The other projects of the clash. */
  clashWith: string[]
}

export type PeopleIndex = {
  /** person key → date → chips, built once per data load. */
  cells: Map<string, Map<string, Chip[]>>
  /** person key → the most chips on one of their days (sets the row height). */
  busiest: Map<string, number>
  projectsById: Map<number, CalendarProject>
}

/**
 * Looks every booking up by person and day once, so that a cell reads its
 * chips from a map instead of scanning the bookings (400 people × 31 days).
 */
export function buildPeopleIndex(data: PeopleData, days: string[]): PeopleIndex {
  const projectsById = new Map(data.projects.map((project) => [project.id, project]))
  const dayIndex = new Map(days.map((date, index) => [date, index]))
  const cells = new Map<string, Map<string, Chip[]>>()
  const first = days[0]
  const last = days[days.length - 1]

  for (const booking of data.bookings) {
    const project = projectsById.get(booking.projectId)
    if (!project || days.length === 0) continue
    const from = project.startDate > first ? project.startDate : first
    const to = project.endDate < last ? project.endDate : last
    const start = dayIndex.get(from)
    const end = dayIndex.get(to)
    if (start === undefined || end === undefined) continue
    const key = personKey({ kind: booking.kind, id: booking.resourceId })
    let personCells = cells.get(key)
    if (!personCells) {
      personCells = new Map()
      cells.set(key, personCells)
    }
    const off = booking.unscheduled.length > 0 ? new Set(booking.unscheduled) : null
    for (let index = start; index <= end; index++) {
      const date = days[index]
      if (off?.has(date)) continue
      const chip: Chip = {
        booking,
        project,
        date,
        note: booking.notes[date] ?? null,
        conflict: null,
        clashWith: [],
      }
      const list = personCells.get(date)
      if (list) list.push(chip)
      else personCells.set(date, [chip])
    }
  }

  markConflicts(cells, data.conflicts, projectsById)

  const busiest = new Map<string, number>()
  for (const [key, personCells] of cells) {
    let most = 0
    for (const list of personCells.values()) {
      if (list.length > 1) list.sort(byProject)
      if (list.length > most) most = list.length
    }
    busiest.set(key, most)
  }
  return { cells, busiest, projectsById }
}

const shownDates = new WeakMap<CalendarProject, string>()

/**
 * A project's dates as a chip's title and the projects list show them
 * ("3 – 5 Jun 2026"), worked out once per project rather than once per chip.
 */
export function projectDates(project: CalendarProject) {
  let text = shownDates.get(project)
  if (text === undefined) {
    text = formatRange(project.startDate, project.endDate, { compact: true })
    shownDates.set(project, text)
  }
  return text
}

/*
 * One collator for every comparison: String.prototype.localeCompare sets one
 * up per call, which made sorting a month's chips a visible part of its
 * first render. Same order (the default locale's).
 */
const compareText = new Intl.Collator().compare

/** Projects by first day (ISO dates sort as text), then name; the people calendar's order. */
export function byStartThenName(a: CalendarProject, b: CalendarProject) {
  return (
    (a.startDate < b.startDate ? -1 : a.startDate > b.startDate ? 1 : 0) ||
    compareText(a.name, b.name)
  )
}

function byProject(a: Chip, b: Chip) {
  return byStartThenName(a.project, b.project) || a.project.id - b.project.id
}

function markConflicts(
  cells: Map<string, Map<string, Chip[]>>,
  conflicts: PeopleConflict[],
  projectsById: Map<number, CalendarProject>
) {
  for (const conflict of conflicts) {
    const chips = cells
      .get(personKey({ kind: conflict.kind, id: conflict.resourceId }))
      ?.get(conflict.date)
    if (!chips) continue
    for (const chip of chips) {
      if (!conflict.projectIds.includes(chip.project.id)) continue
      // An open clash outranks a resolved one on the same day.
      if (chip.conflict !== 'open') chip.conflict = conflict.resolved ? 'resolved' : 'open'
      for (const id of conflict.projectIds) {
        const name = projectsById.get(id)?.name
        if (id !== chip.project.id && name && !chip.clashWith.includes(name)) {
          chip.clashWith.push(name)
        }
      }
    }
  }
}

/** A roster entry from a save, in the people calendar's booking shape. */
export function bookingFromEntry(entry: RosterEntry, projectId: number): PeopleBooking {
  return {
    kind: entry.kind,
    assignmentId: entry.id,
    resourceId: entry.resourceId,
    projectId,
    statusId: entry.statusId,
    sortOrder: entry.sortOrder,
    unscheduled: entry.dayNotes.filter((day) => !day.isScheduled).map((day) => day.date),
    notes: Object.fromEntries(
      entry.dayNotes.filter((day) => day.note).map((day) => [day.date, day.note as string])
    ),
  }
}

/**
 * What a move does to a booking, applied before the server answers: another
 * person, and/or `toDate` worked instead of `fromDate` (the day's note goes along).
 */
export function movedBooking(
  booking: PeopleBooking,
  move: { toResourceId?: number; fromDate?: string; toDate?: string }
): PeopleBooking {
  const next = { ...booking }
  if (move.toResourceId !== undefined) next.resourceId = move.toResourceId
  if (move.fromDate && move.toDate) {
    next.unscheduled = [
      ...booking.unscheduled.filter((date) => date !== move.toDate),
      move.fromDate,
    ]
    const notes = { ...booking.notes }
    const note = notes[move.fromDate]
    delete notes[move.fromDate]
    if (note) notes[move.toDate] = note
    next.notes = notes
  }
  return next
}
