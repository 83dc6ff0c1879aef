import { memo, useMemo } from 'react'
import {
  dayOfMonth,
  longDay,
  maxDate,
  minDate,
  today as todayIso,
  weekdayShort,
} from '~/components/shared/dates'
import { eachDay, monthGrid, monthName, monthsOfYear, type DateRange } from './calendar_dates'
import type { CalendarPlace } from './calendar_url'
import type { CalendarProject, Conflict } from './calendar_types'

type DayLoad = { names: string[]; clash: boolean }

/** How dark a day is, 0 to 4, against the busiest day of the year (a busy company is not all dark). */
function density(count: number, busiest: number) {
  return count === 0 ? 0 : Math.ceil((count / Math.max(busiest, 1)) * 4)
}

/**
 * Projects mode, a year: twelve small months, each day shaded by how many
 * projects run on it and marked when someone is double booked. A month's
 * name opens that month, a day opens that day.
 */
export function ProjectsYear(props: {
  anchor: string
  range: DateRange
  projects: CalendarProject[] | null
  conflicts: Conflict[] | null
  go: (change: Partial<CalendarPlace>) => void
  /** False while another range is on its way. */
  ready: boolean
}) {
  const { loads, perMonth, busiest } = useMemo(() => {
    const days = eachDay(props.range)
    const dayIndex = new Map(days.map((date, index) => [date, index]))
    const result = new Map<string, DayLoad>()
    const months = new Map<string, Set<number>>()
    for (const project of props.projects ?? []) {
      const start = dayIndex.get(maxDate(project.startDate, props.range.from))
      const end = dayIndex.get(minDate(project.endDate, props.range.to))
      if (start === undefined || end === undefined) continue
      for (let index = start; index <= end; index++) {
        const date = days[index]
        const load = result.get(date)
        if (load) load.names.push(project.name)
        else result.set(date, { names: [project.name], clash: false })
        const month = date.slice(0, 7)
        const set = months.get(month)
        if (set) set.add(project.id)
        else months.set(month, new Set([project.id]))
      }
    }
    for (const conflict of props.conflicts ?? []) {
      const load = result.get(conflict.date)
      if (load) load.clash = true
    }
    let most = 0
    for (const load of result.values()) most = Math.max(most, load.names.length)
    return { loads: result, perMonth: months, busiest: most }
  }, [props.projects, props.conflicts, props.range])

  return (
    <section className="cal-year" aria-label="Projects through the year" aria-busy={!props.ready}>
      <div className="cal-year-legend ui-muted" aria-hidden="true">
        Fewer <span className="cal-mini-day d1" /> <span className="cal-mini-day d2" />{' '}
        <span className="cal-mini-day d3" /> <span className="cal-mini-day d4" /> more projects
        <span className="cal-mini-day clash" /> double booking
      </div>
      <div className="cal-year-grid">
        {monthsOfYear(props.anchor).map((month) => (
          <MiniMonth
            key={month}
            month={month}
            loads={loads}
            busiest={busiest}
            count={perMonth.get(month.slice(0, 7))?.size ?? 0}
            go={props.go}
          />
        ))}
      </div>
    </section>
  )
}

const MiniMonth = memo(function MiniMonthView(props: {
  month: string
  loads: Map<string, DayLoad>
  busiest: number
  count: number
  go: (change: Partial<CalendarPlace>) => void
}) {
  const days = eachDay(monthGrid(props.month))
  const monthKey = props.month.slice(0, 7)
  const today = todayIso()
  return (
    <div className="cal-mini-month">
      <button
        type="button"
        className="cal-mini-title"
        onClick={() => props.go({ view: 'month', date: props.month })}
      >
        {monthName(props.month)}
        <span className="ui-muted">
          {' '}
          · {props.count === 1 ? '1 project' : `${props.count} projects`}
        </span>
      </button>
      <div className="cal-mini-grid" role="group" aria-label={monthName(props.month)}>
        {days.slice(0, 7).map((date) => (
          <span key={date} className="cal-mini-weekday" aria-hidden="true">
            {weekdayShort(date).slice(0, 1)}
          </span>
        ))}
        {days.map((date) => {
          if (date.slice(0, 7) !== monthKey) {
            return <span key={date} className="cal-mini-day outside" aria-hidden="true" />
          }
          const load = props.loads.get(date)
          const count = load?.names.length ?? 0
          const label = `${longDay(date)}: ${count === 1 ? '1 project' : `${count} projects`}${load?.clash ? ', double booking' : ''}`
          const title = load
            ? `${label}\n${load.names.slice(0, 8).join('\n')}${load.names.length > 8 ? '\n…' : ''}`
            : label
          return (
            <button
              key={date}
              type="button"
              tabIndex={-1}
              className={[
                'cal-mini-day',
                `d${density(count, props.busiest)}`,
                load?.clash && 'clash',
                date === today && 'today',
              ]
                .filter(Boolean)
                .join(' ')}
              aria-label={label}
              title={title}
              onClick={() => props.go({ view: 'day', date })}
            >
              {dayOfMonth(date)}
            </button>
          )
        })}
      </div>
    </div>
  )
})
