import {
  memo,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  type CSSProperties,
  type KeyboardEvent,
} from 'react'
import { useDraggable, useDroppable } from '@dnd-kit/core'
import { useVirtualizer } from '@tanstack/react-virtual'
import { Link, router } from '@inertiajs/react'
import type { Data } from '~generated/data'
import {
  dayOfMonth,
  isWeekend,
  longDay,
  shortDay,
  today as todayIso,
  weekdayShort,
} from '~/components/shared/dates'
import { PlusIcon } from '~/components/shared/ui/icons'
import { type CalendarView } from './calendar_dates'
import { personKey, type PeoplePerson } from './calendar_types'
import { projectDates, type Chip, type PeopleIndex } from './people_index'

type Status = Data.Schedule.Status

/** A column of the grid, worked out once per range. */
export type DayColumn = { date: string; label: string; weekend: boolean; today: boolean }

export function dayColumns(days: string[]): DayColumn[] {
  const today = todayIso()
  return days.map((date) => ({
    date,
    label: shortDay(date),
    weekend: isWeekend(date),
    today: date === today,
  }))
}

export type CellData = { person: PeoplePerson; date: string; label: string }
export type ChipData = { chip: Chip; person: PeoplePerson; label: string }

/** A chip's two lines of name and the gap under it (schedule_calendar.css's .cal-chip). */
const CHIP_HEIGHT = 34
/** With one chip a row is 44 px: the height of a finger-sized Assign button on touch screens. */
const ROW_PADDING = 10

function rowHeight(busiest: number) {
  return Math.max(1, busiest) * CHIP_HEIGHT + ROW_PADDING
}

/**
 * People mode: a row per crew member or vendor, a column per day, the
 * person's bookings as chips in the cells. Rows are virtualised, so only
 * those on screen (plus a few) exist in the page.
 */
export function PeopleGrid(props: {
  view: CalendarView
  columns: DayColumn[]
  people: PeoplePerson[]
  index: PeopleIndex
  statuses: Map<number, Status>
  ready: boolean
  /** Something is being carried: only then are the cells drop targets. */
  dragging: boolean
  onAssign: (person: PeoplePerson) => void
}) {
  const { people, index } = props
  const scroller = useRef<HTMLDivElement>(null)
  const heights = useMemo(
    () => people.map((person) => rowHeight(index.busiest.get(personKey(person)) ?? 0)),
    [people, index]
  )
  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler here; rows are memoised by hand
  const virtualizer = useVirtualizer({
    count: people.length,
    getScrollElement: () => scroller.current,
    estimateSize: (row) => heights[row] ?? rowHeight(0),
    getItemKey: (row) => personKey(people[row]),
    // Four rows (176 px or more) above and below are enough for scrolling; every row is 30-odd cells.
    overscan: 4,
    /*
     * The first render draws the rows that will be on screen, not those of a
     * 0 px tall grid followed by a second render: the grid is about three
     * quarters of the window high (schedule_calendar.css).
     */
    initialRect: { width: window.innerWidth, height: window.innerHeight * 0.75 },
  })

  // New heights (other data, other filters) move the rows; the first ones are the estimates above.
  const measured = useRef(heights)
  useEffect(() => {
    if (measured.current === heights) return
    measured.current = heights
    virtualizer.measure()
  }, [virtualizer, heights])

  return (
    <div
      ref={scroller}
      className={`cal-people-scroll cal-people-${props.view}`}
      role="grid"
      aria-label="People calendar"
      aria-rowcount={people.length + 1}
      aria-colcount={props.columns.length + 1}
      style={{ '--cal-cols': props.columns.length } as CSSProperties}
      data-testid="people-grid"
      data-ready={props.ready ? 'true' : 'false'}
    >
      <div className="cal-people-head" role="row" aria-rowindex={1}>
        <div className="cal-people-corner" role="columnheader">
          Person
        </div>
        {props.columns.map((column) => (
          <div
            key={column.date}
            role="columnheader"
            aria-label={longDay(column.date)}
            className={['cal-people-date', column.weekend && 'weekend', column.today && 'today']
              .filter(Boolean)
              .join(' ')}
          >
            <span className="cal-weekday-name">{weekdayShort(column.date)}</span>{' '}
            {dayOfMonth(column.date)}
          </div>
        ))}
      </div>
      {people.length === 0 && (
        <p className="cal-empty ui-muted">
          No one to show. Crew and vendors are added in the{' '}
          <Link href="/directory?tab=crew">directory</Link>.
        </p>
      )}
      <div className="cal-people-body" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const person = people[item.index]
          return (
            <PersonRow
              key={item.key}
              person={person}
              rowIndex={item.index + 2}
              top={item.start}
              height={item.size}
              columns={props.columns}
              cells={index.cells.get(personKey(person))}
              statuses={props.statuses}
              dragging={props.dragging}
              onAssign={props.onAssign}
            />
          )
        })}
      </div>
    </div>
  )
}

const PersonRow = memo(function PersonRowView(props: {
  person: PeoplePerson
  rowIndex: number
  top: number
  height: number
  columns: DayColumn[]
  cells: Map<string, Chip[]> | undefined
  statuses: Map<number, Status>
  dragging: boolean
  onAssign: (person: PeoplePerson) => void
}) {
  const { person } = props
  return (
    <div
      className="cal-people-row"
      role="row"
      aria-rowindex={props.rowIndex}
      style={{
        height: props.height,
        transform: `translateY(${props.top}px)`,
      }}
    >
      <div className="cal-people-name" role="rowheader">
        <span className="cal-people-name-text" title={person.name}>
          {person.starred && (
            <span className="cal-star" aria-label="starred">
              ★
            </span>
          )}
          {person.name}
        </span>
        <span className="cal-kind">{person.kind === 'crew' ? 'crew' : 'vendor'}</span>
        <button
          type="button"
          className="cal-assign"
          aria-label={`Assign ${person.name} to a project`}
          title={`Assign ${person.name} to a project`}
          onClick={() => props.onAssign(person)}
        >
          <PlusIcon size={16} />
        </button>
      </div>
      {props.columns.map((column) => (
        <PersonDay
          key={column.date}
          person={person}
          column={column}
          chips={props.cells?.get(column.date)}
          statuses={props.statuses}
          dragging={props.dragging}
        />
      ))}
    </div>
  )
})

const PersonDay = memo(function PersonDayView(props: {
  person: PeoplePerson
  column: DayColumn
  chips: Chip[] | undefined
  statuses: Map<number, Status>
  dragging: boolean
}) {
  const { person, column } = props
  const label = `${person.name}, ${column.label}`
  const className = ['cal-people-cell', column.weekend && 'weekend', column.today && 'today']
    .filter(Boolean)
    .join(' ')
  return (
    <div role="gridcell" aria-label={label} className={className}>
      {props.dragging && (
        <CellDropTarget
          id={`cell:${personKey(person)}:${column.date}`}
          data={{ person, date: column.date, label }}
        />
      )}
      {props.chips?.map((chip) => (
        <BookingChip
          key={chip.booking.assignmentId}
          chip={chip}
          person={person}
          status={
            chip.booking.statusId === null ? undefined : props.statuses.get(chip.booking.statusId)
          }
        />
      ))}
    </div>
  )
})

/*
 * Makes the cell it sits in a drop target, marked "over" while the carried
 * item is over it. Mounted only while something is carried: dnd-kit copies
 * its map of drop targets on each registration and re-renders every chip
 * after them, which for the 800 cells of a month on screen was a good part
 * of the page's first render (bench/README.md, issue 21). Its own hidden
 * element finds the cell: the cell's ref would be attached only after this
 * component's layout effects when both mount together (a row scrolled into
 * view during a drag).
 */
function CellDropTarget(props: { id: string; data: CellData }) {
  const marker = useRef<HTMLSpanElement>(null)
  const { setNodeRef, isOver } = useDroppable({ id: props.id, data: props.data })
  useLayoutEffect(() => {
    setNodeRef(marker.current?.parentElement ?? null)
  }, [setNodeRef])
  // After every render: the cell's own render writes its className without "over".
  useLayoutEffect(() => {
    const cell = marker.current?.parentElement
    cell?.classList.toggle('over', isOver)
    return () => cell?.classList.remove('over')
  })
  return <span hidden ref={marker} />
}

/** What a chip says when hovered: project, dates, status, the day's note, any clash. */
function chipTitle(chip: Chip, status: Status | undefined) {
  const lines = [`${chip.project.name}, ${projectDates(chip.project)}`]
  if (status) lines.push(`Status: ${status.name}`)
  if (chip.note) lines.push(`Note: ${chip.note}`)
  if (chip.conflict) {
    const resolved = chip.conflict === 'resolved' ? ' (resolved)' : ''
    lines.push(`Double booked with ${chip.clashWith.join(', ')}${resolved}`)
  }
  return lines.join('\n')
}

const BookingChip = memo(function BookingChipView(props: {
  chip: Chip
  person: PeoplePerson
  status: Status | undefined
}) {
  const { chip, person, status } = props
  const saved = chip.booking.assignmentId > 0
  const { setNodeRef, attributes, listeners, active, isDragging } = useDraggable({
    id: `chip:${chip.booking.kind}:${chip.booking.assignmentId}:${chip.date}`,
    data: {
      chip,
      person,
      label: `${chip.project.name} for ${person.name} on ${shortDay(chip.date)}`,
    } satisfies ChipData,
    disabled: !saved,
  })

  function openProject() {
    if (saved) router.visit(`/projects/${chip.project.id}`)
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    listeners?.onKeyDown?.(event)
    if (event.key === 'Enter' && !active) openProject()
  }

  return (
    <div
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      onKeyDown={onKeyDown}
      onClick={openProject}
      aria-label={`${chip.project.name}${chip.conflict === 'open' ? ', double booked' : ''}`}
      title={chipTitle(chip, status)}
      className={chipClass(chip, status, isDragging)}
      style={{ backgroundColor: chip.project.color, color: chip.project.textColor }}
    >
      <ChipFace chip={chip} status={status} />
    </div>
  )
})

export function chipClass(chip: Chip, status: Status | undefined, lifted = false) {
  return [
    'cal-chip',
    chip.conflict === 'open' && 'conflict',
    chip.conflict === 'resolved' && 'conflict-resolved',
    status && !status.booksPerson && 'not-booked',
    chip.booking.assignmentId < 0 && 'pending',
    lifted && 'lifted',
  ]
    .filter(Boolean)
    .join(' ')
}

export function ChipFace(props: { chip: Chip; status: Status | undefined }) {
  const { chip, status } = props
  return (
    <>
      {chip.conflict && (
        <span className="cal-chip-clash" aria-hidden="true">
          !
        </span>
      )}
      {status?.icon && <span aria-hidden="true">{status.icon} </span>}
      <span className="cal-chip-name">{chip.project.name}</span>
      {chip.note && (
        <span className="cal-chip-note" aria-hidden="true">
          •
        </span>
      )}
    </>
  )
}
