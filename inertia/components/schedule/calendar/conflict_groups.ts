import { addDays, format, parseISO } from 'date-fns'

/** What grouping reads of a day's conflict (calendar_types' Conflict). */
export type DayConflict = {
  kind: 'crew' | 'vendor'
  resourceId: number
  resourceName: string
  date: string
  projectIds: number[]
  projects: { id: number; name: string; color: string }[]
  resolution: unknown
}

/**
 * One clash as a person sees it: someone double-booked on the same projects
 * over consecutive days, all open or all resolved. The API keeps a conflict
 * per day (and a resolution per day); a page lists the clash once.
 */
export type ConflictGroup<Conflict extends DayConflict = DayConflict> = {
  key: string
  kind: Conflict['kind']
  resourceId: number
  resourceName: string
  from: string
  to: string
  projects: Conflict['projects']
  resolved: boolean
  /** The days of the clash, in date order. */
  days: Conflict[]
}

function nextDay(date: string) {
  return format(addDays(parseISO(date), 1), 'yyyy-MM-dd')
}

function sameClash(a: DayConflict, b: DayConflict) {
  return (
    a.kind === b.kind &&
    a.resourceId === b.resourceId &&
    a.projectIds.join(',') === b.projectIds.join(',') &&
    (a.resolution === null) === (b.resolution === null)
  )
}

/**
 * Groups the conflicts of a period into clashes, by first day, then name. A
 * day that breaks the run (a day off, a third project, a different
 * resolution) starts a new group.
 */
export function groupConflicts<Conflict extends DayConflict>(
  conflicts: Conflict[]
): ConflictGroup<Conflict>[] {
  const ordered = [...conflicts].sort(
    (a, b) =>
      a.kind.localeCompare(b.kind) ||
      a.resourceId - b.resourceId ||
      a.projectIds.join(',').localeCompare(b.projectIds.join(',')) ||
      a.date.localeCompare(b.date)
  )
  const groups: ConflictGroup<Conflict>[] = []
  let current: ConflictGroup<Conflict> | null = null
  for (const conflict of ordered) {
    const last = current?.days[current.days.length - 1]
    if (current && last && sameClash(last, conflict) && nextDay(last.date) === conflict.date) {
      current.days.push(conflict)
      current.to = conflict.date
      continue
    }
    current = {
      key: `${conflict.kind}:${conflict.resourceId}:${conflict.date}:${conflict.projectIds.join(',')}`,
      kind: conflict.kind,
      resourceId: conflict.resourceId,
      resourceName: conflict.resourceName,
      from: conflict.date,
      to: conflict.date,
      projects: conflict.projects,
      resolved: conflict.resolution !== null,
      days: [conflict],
    }
    groups.push(current)
  }
  return groups.sort(
    (a, b) =>
      a.from.localeCompare(b.from) ||
      a.resourceName.localeCompare(b.resourceName) ||
      a.key.localeCompare(b.key)
  )
}
