import type { CalendarBar } from './calendar_types'

export type WeekSegment = {
  project: CalendarBar
  /** 0-based row among the week's bars. */
  lane: number
  /** 0-based first column and number of columns inside the week. */
  column: number
  span: number
  /** The project really starts / ends in this week (its edge can be dragged here). */
  startsHere: boolean
  endsHere: boolean
}

/**
 * Stacks the projects of one week into lanes, as a wall calendar does:
 * earlier first, then longer first, each in the first lane free on its days.
 */
export function layoutWeek(projects: CalendarBar[], week: string[]) {
  const first = week[0]
  const last = week[week.length - 1]
  const inWeek = projects
    .filter((project) => project.startDate <= last && project.endDate >= first)
    .sort(
      (a, b) =>
        a.startDate.localeCompare(b.startDate) ||
        b.endDate.localeCompare(a.endDate) ||
        a.name.localeCompare(b.name) ||
        a.id - b.id
    )
  const laneEnds: number[] = []
  const segments: WeekSegment[] = []
  for (const project of inWeek) {
    const startsHere = project.startDate >= first
    const endsHere = project.endDate <= last
    const column = startsHere ? week.indexOf(project.startDate) : 0
    const end = endsHere ? week.indexOf(project.endDate) : week.length - 1
    let lane = laneEnds.findIndex((taken) => taken < column)
    if (lane === -1) {
      lane = laneEnds.length
      laneEnds.push(end)
    } else {
      laneEnds[lane] = end
    }
    segments.push({ project, lane, column, span: end - column + 1, startsHere, endsHere })
  }
  return { segments, lanes: laneEnds.length }
}

/**
 * The week view's pieces: each segment cut into one piece per day, in the
 * segment's lane, so a project shows on each of its days with that day's
 * own information. Only the piece on the project's first (last) day keeps
 * the start (end) edge.
 */
export function splitByDay(segments: WeekSegment[]): WeekSegment[] {
  return segments.flatMap((segment) =>
    Array.from({ length: segment.span }, (_, offset) => ({
      ...segment,
      column: segment.column + offset,
      span: 1,
      startsHere: segment.startsHere && offset === 0,
      endsHere: segment.endsHere && offset === segment.span - 1,
    }))
  )
}
