import { memo, useEffect, useMemo, useRef, type CSSProperties } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import { format, parseISO } from 'date-fns'
import { daysBetween, maxDate, minDate, shiftDays } from '~/components/shared/dates'
import { eachDay, weekStart, type DateRange } from './calendar_dates'
import { personKey, type PeopleData, type PeoplePerson } from './calendar_types'
import type { CalendarPlace } from './calendar_url'
import { PeopleFilters, usePeopleFilter } from './people_filters'

const ROW_HEIGHT = 26

/** Heat steps by booked days in a week: none, 1–2, 3–4, 5–6, 7. */
function heat(days: number) {
  return days === 0 ? 0 : Math.min(4, Math.ceil(days / 2))
}

/**
 * People mode, a year: a row per person, a column per week, each cell as
 * dark as the person is booked that week. A cell opens that week.
 */
export function PeopleYear(props: {
  anchor: string
  range: DateRange
  data: PeopleData | null
  go: (change: Partial<CalendarPlace>) => void
  /** False while another range is on its way. */
  ready: boolean
}) {
  const { range } = props
  const source = props.data
  const filter = usePeopleFilter(source?.people)
  const scroller = useRef<HTMLDivElement>(null)

  const weeks = useMemo(() => {
    const starts: string[] = []
    for (let start = weekStart(range.from); start <= range.to; start = shiftDays(start, 7)) {
      starts.push(start)
    }
    return starts.map((start) => ({ start, label: format(parseISO(start), 'd MMM') }))
  }, [range])

  const booked = useMemo(() => {
    const result = new Map<string, number[]>()
    const data = source
    if (!data || weeks.length === 0) return result
    const days = eachDay(range)
    const dayIndex = new Map(days.map((date, index) => [date, index]))
    const offset = daysBetween(weeks[0].start, range.from)
    const projects = new Map(data.projects.map((project) => [project.id, project]))
    for (const booking of data.bookings) {
      const project = projects.get(booking.projectId)
      if (!project) continue
      const start = dayIndex.get(maxDate(project.startDate, range.from))
      const end = dayIndex.get(minDate(project.endDate, range.to))
      if (start === undefined || end === undefined) continue
      const key = personKey({ kind: booking.kind, id: booking.resourceId })
      let counts = result.get(key)
      if (!counts) {
        counts = new Array<number>(weeks.length).fill(0)
        result.set(key, counts)
      }
      const off = new Set(booking.unscheduled)
      for (let index = start; index <= end; index++) {
        if (!off.has(days[index])) counts[Math.floor((index + offset) / 7)]++
      }
    }
    // Two projects on one day count that day twice; a week still has at most 7 days.
    for (const counts of result.values()) {
      for (let week = 0; week < counts.length; week++) counts[week] = Math.min(7, counts[week])
    }
    return result
  }, [source, range, weeks])

  const rows = filter.rows
  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler here; rows are memoised by hand
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (row) => personKey(rows[row]),
    overscan: 10,
  })
  useEffect(() => {
    virtualizer.measure()
  }, [virtualizer, rows])

  return (
    <section className="cal-people">
      <PeopleFilters {...filter} range={props.range} />
      <div
        ref={scroller}
        className="cal-people-scroll cal-people-year"
        role="grid"
        aria-label="Booked days per week"
        // Its cells are not controls: the grid itself takes focus, so arrow keys scroll it.
        tabIndex={0}
        aria-rowcount={rows.length + 1}
        style={{ '--cal-cols': weeks.length } as CSSProperties}
        data-testid="people-grid"
        data-ready={props.ready && source ? 'true' : 'false'}
      >
        <div className="cal-people-head" role="row">
          <div className="cal-people-corner" role="columnheader">
            Person
          </div>
          {weeks.map((week, index) => (
            <div
              key={week.start}
              role="columnheader"
              aria-label={`Week of ${week.label}`}
              className="cal-year-week"
            >
              {index % 4 === 0 ? week.label : ''}
            </div>
          ))}
        </div>
        <div className="cal-people-body" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const person = rows[item.index]
            return (
              <HeatRow
                key={item.key}
                person={person}
                top={item.start}
                weeks={weeks}
                counts={booked.get(personKey(person))}
                go={props.go}
              />
            )
          })}
        </div>
      </div>
    </section>
  )
}

const HeatRow = memo(function HeatRowView(props: {
  person: PeoplePerson
  top: number
  weeks: { start: string; label: string }[]
  counts: number[] | undefined
  go: (change: Partial<CalendarPlace>) => void
}) {
  const { person } = props
  return (
    <div
      className="cal-people-row"
      role="row"
      style={{
        height: ROW_HEIGHT,
        transform: `translateY(${props.top}px)`,
      }}
    >
      <div className="cal-people-name" role="rowheader">
        <span className="cal-people-name-text">{person.name}</span>
      </div>
      {props.weeks.map((week, index) => {
        const days = props.counts?.[index] ?? 0
        const label = `${person.name}, week of ${week.label}: ${days} ${days === 1 ? 'day' : 'days'} booked`
        return (
          <div
            key={week.start}
            role="gridcell"
            aria-label={label}
            title={label}
            className={`cal-heat h${heat(days)}`}
            onClick={() => props.go({ view: 'week', date: week.start })}
          />
        )
      })}
    </div>
  )
})
