import { memo, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react'
import {
  DndContext,
  useDraggable,
  useDroppable,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
} from '@dnd-kit/core'
import { router } from '@inertiajs/react'
import {
  dayOfMonth,
  daysBetween,
  formatRange,
  isWeekend,
  longDay,
  maxDate,
  minDate,
  shiftDays,
  today as todayIso,
  weekdayShort,
} from '~/components/shared/dates'
import { eachDay, type CalendarView, type DateRange } from './calendar_dates'
import type { Data } from '~generated/data'
import type { CalendarBar, Conflict, ProductionDay } from './calendar_types'
import { conflictLines } from './conflict_text'
import {
  announcements,
  cellUnderPointer,
  screenReaderInstructions,
  useCalendarSensors,
} from './dnd'
import { callAndWrap, type ProductionIndex } from './production_day'
import { layoutWeek, splitByDay, type WeekSegment } from './project_lanes'

type ProjectStatus = Data.Schedule.ProjectStatus

type DragKind = 'create' | 'move' | 'start' | 'end'

type DragState = {
  kind: DragKind
  projectId: number | null
  /** create: the day the drag began on. */
  origin: string | null
  /** move: the day under the pointer when the bar was picked up. */
  anchor: string | null
  over: string | null
}

type DragData = { kind: DragKind; projectId?: number; date?: string; label: string }

/**
 * Month, two weeks and week in projects mode: a row per week, the week's
 * projects stacked in lanes over its day cells. Drag across empty days to
 * create a project, drag a bar's end to change its dates, drag the bar to
 * move it. The week is seven day columns: a project shows on each of its
 * days as its own card with that day's title, call and wrap, and location,
 * in the same lane all week; dragging works as in the month (a card moves
 * the whole project, its first and last day cards carry the date handles).
 */
export function ProjectsWeeks(props: {
  view: CalendarView
  anchor: string
  range: DateRange
  projects: CalendarBar[]
  conflicts: Map<number, Conflict[]>
  /** Each project's days (the week view draws them). */
  production: ProductionIndex
  /** Project statuses by id: a bar's stripe and its tooltip. */
  statuses: Map<number, ProjectStatus>
  onCreate: (range: DateRange) => void
  onReschedule: (project: CalendarBar, startDate: string, endDate: string) => void
}) {
  const { projects, onCreate, onReschedule } = props
  const sensors = useCalendarSensors()
  const [drag, setDrag] = useState<DragState | null>(null)
  const dragRef = useRef<DragState | null>(null)

  const weeks = useMemo(() => {
    const days = eachDay(props.range)
    const chunks: string[][] = []
    for (let index = 0; index < days.length; index += 7) chunks.push(days.slice(index, index + 7))
    return chunks
  }, [props.range])

  const byDay = props.view === 'week'
  const layouts = useMemo(
    () =>
      weeks.map((week) => {
        const { segments, lanes } = layoutWeek(projects, week)
        return { week, lanes, segments: byDay ? splitByDay(segments) : segments }
      }),
    [weeks, projects, byDay]
  )

  const byId = useMemo(() => new Map(projects.map((project) => [project.id, project])), [projects])
  const preview = drag ? previewOf(drag, byId) : null
  const month = props.view === 'month' ? props.anchor.slice(0, 7) : null
  const today = todayIso()

  function update(next: DragState | null) {
    dragRef.current = next
    setDrag(next)
  }

  function handleStart(event: DragStartEvent) {
    const data = event.active.data.current as DragData
    update({
      kind: data.kind,
      projectId: data.projectId ?? null,
      origin: data.date ?? null,
      anchor: null,
      over: null,
    })
  }

  function handleOver(event: DragOverEvent) {
    const date = event.over?.data.current?.date as string | undefined
    const current = dragRef.current
    if (!current || !date) return
    update({ ...current, over: date, anchor: current.anchor ?? date })
  }

  function handleEnd(event: DragEndEvent) {
    const current = dragRef.current
    update(null)
    const date = event.over?.data.current?.date as string | undefined
    if (!current || !date) return
    const final = previewOf({ ...current, over: date, anchor: current.anchor ?? date }, byId)
    if (!final) return
    if (current.kind === 'create') {
      onCreate(final)
      return
    }
    const project = current.projectId === null ? undefined : byId.get(current.projectId)
    if (project && (final.from !== project.startDate || final.to !== project.endDate)) {
      onReschedule(project, final.from, final.to)
    }
  }

  const dragging = drag !== null

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={cellUnderPointer}
      onDragStart={handleStart}
      onDragOver={handleOver}
      onDragEnd={handleEnd}
      onDragCancel={() => update(null)}
      accessibility={{ announcements, screenReaderInstructions }}
    >
      <div
        className={`cal-weeks cal-weeks-${props.view}`}
        role="grid"
        aria-label="Projects calendar"
        aria-describedby="cal-weeks-help"
      >
        <p id="cal-weeks-help" className="ui-visually-hidden">
          Drag across days, or press Space on a day, move with the arrow keys and press Space again,
          to create a project. Press Enter on a day to create a one-day project.
        </p>
        <div className="cal-weekdays" role="row">
          {weeks[0]?.map((date) => (
            <div key={date} role="columnheader" className="cal-weekday">
              {weekdayShort(date)}
            </div>
          ))}
        </div>
        {layouts.map(({ week, segments, lanes }) => (
          <div
            key={week[0]}
            className="cal-week"
            role="row"
            style={{
              gridTemplateRows: byDay
                ? `1.6rem repeat(${lanes}, auto) minmax(4rem, 1fr)`
                : `1.6rem repeat(${lanes}, var(--cal-bar-h)) minmax(1.5rem, 1fr)`,
            }}
          >
            {week.map((date, column) => (
              <DayCell
                key={date}
                date={date}
                column={column}
                outside={month !== null && date.slice(0, 7) !== month}
                today={date === today}
                selected={!!preview && date >= preview.from && date <= preview.to}
                dragging={dragging}
                onCreate={onCreate}
              />
            ))}
            {segments.map((segment) => (
              <ProjectBar
                key={`${segment.project.id}:${segment.column}`}
                segment={segment}
                date={week[segment.column]}
                card={byDay}
                info={
                  byDay ? props.production.day(segment.project.id, week[segment.column]) : undefined
                }
                conflicts={props.conflicts.get(segment.project.id)}
                status={
                  segment.project.projectStatusId === null
                    ? undefined
                    : props.statuses.get(segment.project.projectStatusId)
                }
                lifted={drag?.projectId === segment.project.id}
                dragging={dragging}
              />
            ))}
          </div>
        ))}
      </div>
    </DndContext>
  )
}

/** The days a drag would give: the new project, or the project's new dates. */
function previewOf(drag: DragState, byId: Map<number, CalendarBar>): DateRange | null {
  if (!drag.over) return null
  if (drag.kind === 'create') {
    const origin = drag.origin ?? drag.over
    return { from: minDate(origin, drag.over), to: maxDate(origin, drag.over) }
  }
  const project = drag.projectId === null ? undefined : byId.get(drag.projectId)
  if (!project) return null
  if (drag.kind === 'start') {
    return { from: minDate(drag.over, project.endDate), to: project.endDate }
  }
  if (drag.kind === 'end') {
    return { from: project.startDate, to: maxDate(drag.over, project.startDate) }
  }
  const shift = daysBetween(drag.anchor ?? drag.over, drag.over)
  return { from: shiftDays(project.startDate, shift), to: shiftDays(project.endDate, shift) }
}

const DayCell = memo(function DayCellView(props: {
  date: string
  column: number
  outside: boolean
  today: boolean
  selected: boolean
  dragging: boolean
  onCreate: (range: DateRange) => void
}) {
  const label = longDay(props.date)
  const { setNodeRef: setDropRef } = useDroppable({
    id: `day:${props.date}`,
    data: { date: props.date, label },
  })
  const { setNodeRef, attributes, listeners } = useDraggable({
    id: `create:${props.date}`,
    data: { kind: 'create', date: props.date, label: `a new project from ${label}` },
    attributes: { role: 'gridcell', roleDescription: 'day' },
  })
  const className = [
    'cal-day',
    props.outside && 'outside',
    props.today && 'today',
    isWeekend(props.date) && 'weekend',
    props.selected && 'selected',
  ]
    .filter(Boolean)
    .join(' ')

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    listeners?.onKeyDown?.(event)
    if (event.key === 'Enter' && !props.dragging) {
      event.preventDefault()
      props.onCreate({ from: props.date, to: props.date })
    }
  }

  return (
    <div
      ref={(node) => {
        setDropRef(node)
        setNodeRef(node)
      }}
      {...attributes}
      {...listeners}
      onKeyDown={onKeyDown}
      onDoubleClick={() => props.onCreate({ from: props.date, to: props.date })}
      aria-label={label}
      aria-selected={props.selected}
      className={className}
      style={{ gridColumn: props.column + 1 }}
      data-date={props.date}
    >
      <span className="cal-day-number" aria-hidden="true">
        {dayOfMonth(props.date)}
      </span>
    </div>
  )
})

/** "3 crew", "1 crew", "No crew yet": how many people a bar books. */
function crewText(count: number) {
  return count === 0 ? 'No crew yet' : `${count} crew`
}

const ProjectBar = memo(function ProjectBarView(props: {
  segment: WeekSegment
  /** The day of the bar's first column. */
  date: string
  /** In the week view, a card of one day, showing what that day holds (`info`). */
  card: boolean
  info: ProductionDay | undefined
  conflicts: Conflict[] | undefined
  status: ProjectStatus | undefined
  lifted: boolean
  dragging: boolean
}) {
  const { project, lane, column, span, startsHere, endsHere } = props.segment
  const { status } = props
  const saved = project.id > 0
  const range = formatRange(project.startDate, project.endDate, { compact: true })
  const open = props.conflicts?.filter((conflict) => !conflict.resolution) ?? []
  const clash = open.length > 0 ? 'open' : props.conflicts?.length ? 'resolved' : null
  const { setNodeRef, attributes, listeners } = useDraggable({
    id: `move:${project.id}:${props.date}`,
    data: { kind: 'move', projectId: project.id, label: project.name },
    disabled: !saved,
  })

  function openProject() {
    if (saved) router.visit(`/projects/${project.id}`)
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    listeners?.onKeyDown?.(event)
    if (event.key === 'Enter' && !props.dragging) {
      openProject()
    }
  }

  const { info } = props
  const times = callAndWrap(info)
  const dayDetails = props.card
    ? [longDay(props.date), info?.title, times, info?.location?.name].filter(Boolean)
    : []
  // The full text, for a bar too short to show it: name, dates, client, status, crew, clashes.
  const details = [
    ...dayDetails,
    project.clientName && `for ${project.clientName}`,
    status?.name,
    crewText(project.crewCount),
  ].filter(Boolean)
  const title = [
    `${project.name}, ${range}`,
    ...dayDetails,
    ...(project.clientName ? [`Client: ${project.clientName}`] : []),
    ...(status ? [`Status: ${status.name}`] : []),
    crewText(project.crewCount),
    ...(props.conflicts ? conflictLines(props.conflicts, project.id) : []),
  ].join('\n')
  // The bar keeps the project's own colour (spec 3: projects have colours);
  // its status shows as the stripe at its start.
  const style: CSSProperties = {
    backgroundColor: project.color,
    color: project.textColor,
    ...(status ? ({ '--cal-status': status.color } as CSSProperties) : {}),
  }
  const className = [
    'cal-bar',
    props.card && 'cal-bar-card',
    status && 'has-status',
    clash === 'open' && 'conflict',
    clash === 'resolved' && 'conflict-resolved',
    !saved && 'pending',
  ]
    .filter(Boolean)
    .join(' ')
  const slotClassName = [
    'cal-bar-slot',
    !startsHere && 'continues-before',
    !endsHere && 'continues-after',
    props.lifted && 'lifted',
  ]
    .filter(Boolean)
    .join(' ')

  // The date handles sit beside the bar, not inside it (a button inside a
  // button is not reachable by screen readers); they show on hover, on
  // keyboard focus of the bar or a handle, and while the bar is dragged.
  return (
    <div
      role="gridcell"
      className={slotClassName}
      style={{ gridRow: lane + 2, gridColumn: `${column + 1} / span ${span}` }}
    >
      {startsHere && saved && <EdgeHandle edge="start" project={project} date={props.date} />}
      <div
        ref={setNodeRef}
        {...attributes}
        {...listeners}
        onKeyDown={onKeyDown}
        onClick={openProject}
        role="button"
        aria-label={`${project.name}, ${range}${clash === 'open' ? ', double booking' : ''}, ${details.join(', ')}`}
        title={title}
        className={className}
        style={style}
        data-project-id={project.id}
      >
        {clash && (
          <span className="cal-bar-clash" aria-hidden="true">
            !
          </span>
        )}
        <span className="cal-bar-name">{project.name}</span>
        {props.card ? (
          <span className="cal-bar-day" aria-hidden="true">
            {info?.title && <span className="cal-bar-day-title">{info.title}</span>}
            {times && <span>{times}</span>}
            {info?.location && <span>{info.location.name}</span>}
          </span>
        ) : (
          <span className="cal-bar-meta" aria-hidden="true">
            {project.clientName && <span className="cal-bar-client">{project.clientName}</span>}
            <span className="cal-bar-crew">{crewText(project.crewCount)}</span>
          </span>
        )}
      </div>
      {endsHere && saved && <EdgeHandle edge="end" project={project} date={props.date} />}
    </div>
  )
})

function EdgeHandle(props: { edge: 'start' | 'end'; project: CalendarBar; date: string }) {
  const name = props.edge === 'start' ? 'start' : 'end'
  const { setNodeRef, attributes, listeners } = useDraggable({
    id: `${props.edge}:${props.project.id}:${props.date}`,
    data: {
      kind: props.edge,
      projectId: props.project.id,
      label: `the ${name} of ${props.project.name}`,
    },
    attributes: { roleDescription: 'date handle' },
  })
  return (
    <span
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      aria-label={`Change the ${name} date of ${props.project.name}`}
      className={`cal-bar-handle cal-bar-handle-${props.edge}`}
    />
  )
}
