import { lazy, memo, Suspense, useCallback, useMemo, useState } from 'react'
import {
  DndContext,
  DragOverlay,
  useDraggable,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core'
import { api, errorMessage } from '~/components/shared/api'
import { useToast } from '~/components/shared/ui/toast'
import type { Data } from '~generated/data'
import { eachDay, type CalendarView, type DateRange } from './calendar_dates'
import type {
  CalendarProject,
  Conflict,
  PeopleBooking,
  PeopleData,
  PeoplePerson,
} from './calendar_types'
import { conflictWarning } from './conflict_text'
import {
  announcements,
  cellUnderPointer,
  screenReaderInstructions,
  useCalendarSensors,
} from './dnd'
import {
  ChipFace,
  PeopleGrid,
  chipClass,
  dayColumns,
  type CellData,
  type ChipData,
} from './people_grid'
import { PeopleFilters, usePeopleFilter } from './people_filters'
import {
  bookingFromEntry,
  buildPeopleIndex,
  byStartThenName,
  movedBooking,
  projectDates,
} from './people_index'
import { RANGE_PROPS, useRangeData } from './use_range_data'

type Status = Data.Schedule.Status

type SourceData = { project: CalendarProject; label: string }
type Saved = Data.Schedule.RosterChange

let temporaryId = -1

/** Its lists load when it first opens, not with the people month. */
const AssignDialog = lazy(() =>
  import('./assign_dialog').then((module) => ({ default: module.AssignDialog }))
)
const NOTHING: PeopleData = {
  from: '',
  to: '',
  people: [],
  projects: [],
  bookings: [],
  conflicts: [],
}

/**
 * People mode (month, two weeks, week, day): draws the visible days (the
 * page's `people` prop), filters the people, and saves drags at once: a chip
 * moved to another person or day, a project dropped on a person to book
 * them. A refused save puts the chip back and shows the server's message.
 */
export function PeopleCalendar(props: {
  view: CalendarView
  range: DateRange
  data: PeopleData | null
  statuses: Status[]
  /** False while another range is on its way. */
  ready: boolean
}) {
  const toast = useToast()
  const { data, setData, track } = useRangeData(props.data, RANGE_PROPS)
  const filter = usePeopleFilter(data?.people)
  const [assigning, setAssigning] = useState<PeoplePerson | null>(null)
  const [lifted, setLifted] = useState<ChipData | SourceData | null>(null)
  const sensors = useCalendarSensors()

  const days = useMemo(() => eachDay(props.range), [props.range])
  const columns = useMemo(() => dayColumns(days), [days])
  const index = useMemo(() => buildPeopleIndex(data ?? NOTHING, days), [data, days])
  const statusesById = useMemo(
    () => new Map(props.statuses.map((status) => [status.id, status])),
    [props.statuses]
  )
  const defaultStatus = props.statuses.find((status) => status.isDefault)

  const projects = useMemo(
    () => [...(data?.projects ?? [])].sort(byStartThenName),
    [data?.projects]
  )

  const warn = useCallback(
    (found: Conflict[] | undefined) => {
      const text = conflictWarning(found ?? [])
      if (text) toast.warning(text)
    },
    [toast]
  )

  const replaceBooking = useCallback(
    (match: { kind: string; assignmentId: number }, next: PeopleBooking | null) =>
      setData((current) => {
        if (!current) return current
        const bookings = current.bookings.flatMap((booking) =>
          booking.kind === match.kind && booking.assignmentId === match.assignmentId
            ? next
              ? [next]
              : []
            : [booking]
        )
        return { ...current, bookings }
      }),
    [setData]
  )

  const moveBooking = useCallback(
    (carried: ChipData, target: CellData) => {
      const { chip } = carried
      const booking = chip.booking
      if (target.person.kind !== booking.kind) {
        toast.error(
          booking.kind === 'crew'
            ? `${chip.project.name}: a crew booking can only move to another crew member.`
            : `${chip.project.name}: a vendor booking can only move to another vendor.`
        )
        return
      }
      const move: { toResourceId?: number; fromDate?: string; toDate?: string } = {}
      if (target.person.id !== booking.resourceId) move.toResourceId = target.person.id
      if (target.date !== chip.date) {
        move.fromDate = chip.date
        move.toDate = target.date
      }
      if (move.toResourceId === undefined && move.toDate === undefined) return
      replaceBooking(booking, movedBooking(booking, move))
      track(
        api<Saved>('POST', `/api/projects/${chip.project.id}/roster/move`, {
          kind: booking.kind,
          assignmentId: booking.assignmentId,
          ...move,
        })
      )
        .then((answer) => {
          replaceBooking(booking, bookingFromEntry(answer.entry, booking.projectId))
          warn(answer.conflicts)
        })
        .catch((failure: unknown) => {
          replaceBooking(booking, booking)
          toast.error(`${chip.project.name} could not be moved: ${errorMessage(failure)}`)
        })
    },
    [replaceBooking, track, warn, toast]
  )

  const assign = useCallback(
    (person: PeoplePerson, project: CalendarProject, statusId: number | null) => {
      setAssigning(null)
      const draft: PeopleBooking = {
        kind: person.kind,
        assignmentId: temporaryId--,
        resourceId: person.id,
        projectId: project.id,
        statusId,
        sortOrder: Number.MAX_SAFE_INTEGER,
        unscheduled: [],
        notes: {},
      }
      setData((current) => current && { ...current, bookings: [...current.bookings, draft] })
      const body: Record<string, number> =
        person.kind === 'crew' ? { crewId: person.id } : { vendorId: person.id }
      if (statusId !== null) body.statusId = statusId
      const path = person.kind === 'crew' ? 'crew' : 'vendors'
      track(api<Saved>('POST', `/api/projects/${project.id}/${path}`, body))
        .then((answer) => {
          replaceBooking(draft, bookingFromEntry(answer.entry, project.id))
          warn(answer.conflicts)
        })
        .catch((failure: unknown) => {
          replaceBooking(draft, null)
          toast.error(
            `${person.name} could not be added to ${project.name}: ${errorMessage(failure)}`
          )
        })
    },
    [setData, replaceBooking, track, warn, toast]
  )

  function handleStart(event: DragStartEvent) {
    setLifted((event.active.data.current as ChipData | SourceData | undefined) ?? null)
  }

  function handleEnd(event: DragEndEvent) {
    setLifted(null)
    const carried = event.active.data.current as ChipData | SourceData | undefined
    const target = event.over?.data.current as CellData | undefined
    if (!carried || !target?.person) return
    if ('chip' in carried) moveBooking(carried, target)
    else assign(target.person, carried.project, defaultStatus?.id ?? null)
  }

  return (
    <section className="cal-people">
      <PeopleFilters {...filter} range={props.range} />
      <DndContext
        sensors={sensors}
        collisionDetection={cellUnderPointer}
        onDragStart={handleStart}
        onDragEnd={handleEnd}
        onDragCancel={() => setLifted(null)}
        accessibility={{ announcements, screenReaderInstructions }}
      >
        <div className="cal-people-layout">
          <PeopleGrid
            view={props.view}
            columns={columns}
            people={filter.rows}
            index={index}
            statuses={statusesById}
            ready={props.ready && data !== null}
            dragging={lifted !== null}
            onAssign={setAssigning}
          />
          <aside className="cal-people-side" aria-labelledby="cal-people-side-title">
            <h2 id="cal-people-side-title">Projects in view</h2>
            <p className="ui-muted">
              Drag a project onto a person to book them, or use the + beside their name.
            </p>
            {projects.length === 0 && <p className="ui-muted">No projects in these days.</p>}
            <ul className="cal-sources">
              {projects.map((project) => (
                <ProjectSource key={project.id} project={project} />
              ))}
            </ul>
          </aside>
        </div>
        <DragOverlay dropAnimation={null}>
          {lifted && 'chip' in lifted ? (
            <div
              className={chipClass(lifted.chip, statusOf(lifted.chip.booking, statusesById))}
              style={{
                backgroundColor: lifted.chip.project.color,
                color: lifted.chip.project.textColor,
              }}
            >
              <ChipFace chip={lifted.chip} status={statusOf(lifted.chip.booking, statusesById)} />
            </div>
          ) : lifted ? (
            <div
              className="cal-source cal-source-lifted"
              style={{ backgroundColor: lifted.project.color, color: lifted.project.textColor }}
            >
              {lifted.project.name}
            </div>
          ) : null}
        </DragOverlay>
      </DndContext>
      {assigning && (
        <Suspense>
          <AssignDialog
            person={assigning}
            projects={projects}
            statuses={props.statuses}
            onCancel={() => setAssigning(null)}
            onAssign={assign}
          />
        </Suspense>
      )}
    </section>
  )
}

function statusOf(booking: PeopleBooking, statuses: Map<number, Status>) {
  return booking.statusId === null ? undefined : statuses.get(booking.statusId)
}

const ProjectSource = memo(function ProjectSourceView(props: { project: CalendarProject }) {
  const { project } = props
  const range = projectDates(project)
  const { setNodeRef, attributes, listeners, isDragging } = useDraggable({
    id: `source:${project.id}`,
    data: { project, label: project.name } satisfies SourceData,
  })
  return (
    <li>
      <div
        ref={setNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`${project.name}, ${range}`}
        className={`cal-source${isDragging ? ' lifted' : ''}`}
        style={{ backgroundColor: project.color, color: project.textColor }}
      >
        <span className="cal-source-name">{project.name}</span>{' '}
        <span className="cal-source-dates">{range}</span>
      </div>
    </li>
  )
})
