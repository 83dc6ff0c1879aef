import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { FormEvent, KeyboardEvent, PointerEvent } from 'react'
import { api, errorMessage, type Method } from '~/components/shared/api'
import { formatDay } from '~/components/shared/dates'
import { Button } from '~/components/shared/ui/button'
import { Field, TextInput } from '~/components/shared/ui/field'
import { useToast } from '~/components/shared/ui/toast'
import { CallSheetPreview } from '~/components/schedule/production/call_sheet_preview'
import {
  ActivityBasicsFields,
  ActivityEditor,
  NO_TYPE,
  typeIdOf,
  type RosterPerson,
} from '~/components/schedule/production/activity_editor'
import { ActivityTypeIcon } from '~/components/schedule/production/activity_type_icon'
import { shootDayLabel } from '~/components/schedule/production/shoot_days'
import { contrastingText } from '~/components/schedule/colors'
import type { Data } from '~generated/data'

/*
 * A project's production days: a one-line summary per day, and the selected
 * day's grid (15-minute rows against the project's category columns) where
 * activities are drawn, dragged, resized and moved across columns. Every
 * drag has a keyboard twin: a focused activity moves with the arrow keys
 * (up and down by a quarter hour, left and right across columns) and
 * Shift + up/down changes its end; the form below the grid adds one.
 */

type Activity = Data.Schedule.Activity
type Column = Data.Schedule.ScheduleColumn
type ActivityType = Data.Schedule.ActivityType

/** What the project page brings on its first render. */
export type ProductionDaysData = { activities: Activity[]; columns: Column[] }

const SLOT = 15
const ROW_PX = 14
const HOURS = Array.from({ length: 25 }, (_, hour) => hour)

function minutesOf(time: string) {
  const [hours, minutes] = time.split(':').map(Number)
  return hours * 60 + minutes
}

function clockOf(minutes: number) {
  const bounded = Math.max(0, Math.min(minutes, 23 * 60 + 59))
  return `${String(Math.floor(bounded / 60)).padStart(2, '0')}:${String(bounded % 60).padStart(2, '0')}`
}

function warningText(activity: Activity) {
  return activity.warnings
    .map((warning) =>
      warning.kind === 'doubleBooked'
        ? `${warning.name} is also in ${warning.otherActivityName}`
        : `${warning.name} is not scheduled this day`
    )
    .join('; ')
}

/** "3 activities, 06:00–22:00: Crew call, Quay scene, Wrap" */
function oneLiner(activities: Activity[]) {
  if (activities.length === 0) return 'Nothing planned'
  const first = activities[0].startTime
  const last = activities.reduce(
    (latest, activity) => Math.max(latest, minutesOf(activity.endTime ?? activity.startTime)),
    0
  )
  const names = activities.map((activity) => activity.name).join(', ')
  const count = `${activities.length} ${activities.length === 1 ? 'activity' : 'activities'}`
  return `${count}, ${first}–${clockOf(last)}: ${names}`
}

type Drag =
  | { kind: 'create'; columnId: number; from: number; to: number }
  | {
      kind: 'move'
      activity: Activity
      grabOffset: number
      start: number
      columnId: number | null
      moved: boolean
    }
  | { kind: 'resize'; activity: Activity; end: number }

/** A bound of the grid's range: whole hours, the last one shown as 23:59. */
function HourSelect(props: {
  label: string
  hours: number[]
  value: number
  onChange: (hour: number) => void
}) {
  return (
    <label className="ui-label">
      {props.label}{' '}
      <select
        className="ui-input"
        value={props.value}
        onChange={(event) => props.onChange(Number(event.target.value))}
      >
        {props.hours.map((hour) => (
          <option key={hour} value={hour}>
            {clockOf(hour * 60 - (hour === 24 ? 1 : 0))}
          </option>
        ))}
      </select>
    </label>
  )
}

/** An hour of the grid's range, remembered in this browser. */
function useStoredHour(key: string, fallback: number) {
  const [hour, setHour] = useState(() => {
    const stored = typeof window === 'undefined' ? null : window.localStorage.getItem(key)
    const value = Number(stored)
    return stored !== null && value >= 0 && value <= 24 ? value : fallback
  })
  const change = (value: number) => {
    window.localStorage.setItem(key, String(value))
    setHour(value)
  }
  return [hour, change] as const
}

export function ProductionDays({
  projectId,
  days,
  roster,
  activityTypes,
  initial,
}: {
  projectId: number
  days: string[]
  roster: RosterPerson[]
  /** The kinds of activity (the Lists page's), with the colour and icon the grid paints. */
  activityTypes: ActivityType[]
  initial: ProductionDaysData
}) {
  const toast = useToast()
  const [activities, setActivities] = useState(initial.activities)
  const [columns, setColumns] = useState(initial.columns)
  const [date, setDate] = useState(days[0])
  const [dayStart, setDayStart] = useStoredHour('schedule.grid.dayStart', 6)
  const [dayEnd, setDayEnd] = useStoredHour('schedule.grid.dayEnd', 22)
  const [drag, setDrag] = useState<Drag | null>(null)
  const [chosen, setChosen] = useState<number | null>(null)
  const [previewing, setPreviewing] = useState(false)
  const [newColumn, setNewColumn] = useState('')
  const [copyTo, setCopyTo] = useState('')
  const [form, setForm] = useState({
    name: '',
    typeId: NO_TYPE,
    columnId: '',
    startTime: '09:00',
    endTime: '10:00',
  })
  const types = useMemo(
    () => new Map(activityTypes.map((type) => [type.id, type])),
    [activityTypes]
  )
  const gridRef = useRef<HTMLDivElement>(null)
  /** The activity a key just moved: its block is drawn anew (in another column, maybe). */
  const refocus = useRef<number | null>(null)

  const load = useCallback(
    () =>
      Promise.all([
        api<Activity[]>('GET', `/api/activities?projectId=${projectId}`),
        api<Column[]>('GET', `/api/projects/${projectId}/schedule-columns`),
      ]).then(
        ([all, cols]) => {
          setActivities(all)
          setColumns(cols)
        },
        (error) => toast.error(`Could not load the day plan: ${errorMessage(error)}`)
      ),
    [projectId, toast]
  )

  const byDay = useMemo(() => {
    const map = new Map<string, Activity[]>()
    for (const activity of activities) {
      map.set(activity.date, [...(map.get(activity.date) ?? []), activity])
    }
    return map
  }, [activities])

  // Keep the keyboard on the moved block in the same commit that draws it, so
  // the next key (Enter, another arrow) reaches it.
  useLayoutEffect(() => {
    if (refocus.current === null) return
    const block = gridRef.current?.querySelector<HTMLElement>(
      `[data-activity-id="${refocus.current}"]`
    )
    refocus.current = null
    block?.focus()
  }, [activities])

  const visible = columns.filter((column) => !column.hiddenDates.includes(date))
  const hidden = columns.filter((column) => column.hiddenDates.includes(date))
  const top = dayStart * 60
  const bottom = Math.max(dayEnd, dayStart + 1) * 60
  const rows = (bottom - top) / SLOT

  async function save(method: Method, url: string, body: object, what: string) {
    try {
      await api(method, url, body)
    } catch (error) {
      toast.error(`Could not ${what}: ${errorMessage(error)}`)
    }
    await load()
  }

  /** A form's submit: saves without leaving the page, then `after` (emptying the form). */
  function saveOnSubmit(
    method: Method,
    url: string,
    body: object,
    what: string,
    after: () => void
  ) {
    return async (event: FormEvent) => {
      event.preventDefault()
      await save(method, url, body, what)
      after()
    }
  }

  function slotAt(clientY: number) {
    const body = gridRef.current?.querySelector('[data-column-id]')
    if (!body) return top
    const offset = clientY - body.getBoundingClientRect().top
    return top + Math.max(0, Math.min(rows - 1, Math.floor(offset / ROW_PX))) * SLOT
  }

  function columnAt(clientX: number, clientY: number) {
    const element = document.elementFromPoint(clientX, clientY)?.closest('[data-column-id]')
    return element ? Number(element.getAttribute('data-column-id')) : null
  }

  function startCreate(event: PointerEvent<HTMLDivElement>, columnId: number) {
    if (event.target !== event.currentTarget || event.button !== 0) return
    event.currentTarget.setPointerCapture(event.pointerId)
    const slot = slotAt(event.clientY)
    setDrag({ kind: 'create', columnId, from: slot, to: slot + SLOT })
  }

  function startMove(event: PointerEvent<HTMLElement>, activity: Activity) {
    if (event.button !== 0) return
    event.stopPropagation()
    gridRef.current?.setPointerCapture(event.pointerId)
    const start = minutesOf(activity.startTime)
    setDrag({
      kind: 'move',
      activity,
      grabOffset: slotAt(event.clientY) - start,
      start,
      columnId: activity.scheduleColumnId,
      moved: false,
    })
  }

  function startResize(event: PointerEvent<HTMLElement>, activity: Activity) {
    if (event.button !== 0) return
    event.stopPropagation()
    gridRef.current?.setPointerCapture(event.pointerId)
    setDrag({ kind: 'resize', activity, end: minutesOf(activity.endTime!) })
  }

  function pointerMove(event: PointerEvent<HTMLDivElement>) {
    if (!drag) return
    const slot = slotAt(event.clientY)
    if (drag.kind === 'create') {
      setDrag({ ...drag, to: Math.max(slot + SLOT, drag.from + SLOT) })
    } else if (drag.kind === 'move') {
      // Pointer capture sends the events here; the column is the one under the pointer.
      const columnId = columnAt(event.clientX, event.clientY) ?? drag.columnId
      const start = Math.max(top, slot - drag.grabOffset)
      if (start !== drag.start || columnId !== drag.columnId) {
        setDrag({ ...drag, start, columnId, moved: true })
      }
    } else {
      const start = minutesOf(drag.activity.startTime)
      setDrag({ ...drag, end: Math.max(start + SLOT, slot + SLOT) })
    }
  }

  async function pointerUp() {
    const done = drag
    setDrag(null)
    if (!done) return
    if (done.kind === 'create') {
      await save(
        'POST',
        '/api/activities',
        {
          projectId,
          date,
          name: 'New activity',
          scheduleColumnId: done.columnId,
          startTime: clockOf(done.from),
          endTime: clockOf(done.to),
        },
        'add the activity'
      )
    } else if (done.kind === 'move' && !done.moved) {
      setChosen(done.activity.id)
    } else if (done.kind === 'move') {
      const { activity } = done
      const length = activity.endTime
        ? minutesOf(activity.endTime) - minutesOf(activity.startTime)
        : 0
      await save(
        'PATCH',
        `/api/activities/${activity.id}`,
        {
          startTime: clockOf(done.start),
          ...(activity.endTime ? { endTime: clockOf(done.start + length) } : {}),
          scheduleColumnId: done.columnId,
        },
        'move the activity'
      )
    } else if (done.kind === 'resize') {
      await save(
        'PATCH',
        `/api/activities/${done.activity.id}`,
        { endTime: clockOf(done.end) },
        'resize the activity'
      )
    }
  }

  async function keyDown(event: KeyboardEvent<HTMLElement>, activity: Activity) {
    const start = minutesOf(activity.startTime)
    const end = activity.endTime ? minutesOf(activity.endTime) : null
    const step = { ArrowUp: -SLOT, ArrowDown: SLOT } as Record<string, number>
    let body: object | null = null
    if (event.key in step && event.shiftKey && end !== null) {
      body = { endTime: clockOf(Math.max(start + SLOT, end + step[event.key])) }
    } else if (event.key in step) {
      const shift = step[event.key]
      if (start + shift < 0 || (end ?? start) + shift > 23 * 60 + 59) return
      body = {
        startTime: clockOf(start + shift),
        ...(end !== null ? { endTime: clockOf(end + shift) } : {}),
      }
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault()
      setChosen(activity.id)
      return
    } else if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      const index = visible.findIndex((column) => column.id === activity.scheduleColumnId)
      const next = visible[index + (event.key === 'ArrowLeft' ? -1 : 1)]
      if (!next) return
      body = { scheduleColumnId: next.id }
    }
    if (!body) return
    event.preventDefault()
    refocus.current = activity.id
    await save('PATCH', `/api/activities/${activity.id}`, body, 'change the activity')
  }

  function placed(activity: Activity) {
    let start = minutesOf(activity.startTime)
    let end = activity.endTime ? minutesOf(activity.endTime) : start + SLOT
    let columnId = activity.scheduleColumnId
    if (drag?.kind === 'move' && drag.activity.id === activity.id) {
      end = drag.start + (end - start)
      start = drag.start
      columnId = drag.columnId
    }
    if (drag?.kind === 'resize' && drag.activity.id === activity.id) end = drag.end
    return { start, end, columnId }
  }

  const today = byDay.get(date) ?? []
  const chosenActivity = today.find((activity) => activity.id === chosen)
  return (
    <section className="ui-panel ui-stack" aria-labelledby="production-days-heading">
      <h2 id="production-days-heading">Production days</h2>
      <ol className="sc-one-liners">
        {days.map((day, index) => (
          <li key={day}>
            <button
              type="button"
              className="ui-link-button"
              aria-current={day === date ? 'true' : undefined}
              onClick={() => setDate(day)}
            >
              {shootDayLabel(index, day)}
            </button>{' '}
            <span className="ui-muted">{oneLiner(byDay.get(day) ?? [])}</span>
          </li>
        ))}
      </ol>

      <div className="ui-cluster">
        <HourSelect
          label="Day starts"
          hours={HOURS.slice(0, 24)}
          value={dayStart}
          onChange={setDayStart}
        />
        <HourSelect label="Day ends" hours={HOURS.slice(1)} value={dayEnd} onChange={setDayEnd} />
        <Button
          variant="secondary"
          aria-expanded={previewing}
          onClick={() => setPreviewing(!previewing)}
        >
          {previewing ? 'Hide the call sheet' : 'Call sheet of this day'}
        </Button>
        <a
          className="ui-button ui-button-secondary"
          href={`/api/projects/${projectId}/call-sheets/pdf`}
        >
          All call sheets (PDF)
        </a>
      </div>

      {previewing && (
        <CallSheetPreview
          key={`${date}-${activities.length}`}
          url={`/api/projects/${projectId}/call-sheets/${date}`}
          pdfUrl={`/api/projects/${projectId}/call-sheets/${date}/pdf`}
        />
      )}

      {hidden.length > 0 && (
        <p>
          Hidden on {formatDay(date)}:{' '}
          {hidden.map((column) => (
            <Button
              key={column.id}
              size="small"
              variant="ghost"
              onClick={() =>
                save(
                  'PUT',
                  `/api/projects/${projectId}/schedule-columns/${column.id}/days/${date}`,
                  { hidden: false },
                  'show the column'
                )
              }
            >
              Show {column.name}
            </Button>
          ))}
        </p>
      )}

      {visible.length === 0 ? (
        <p className="ui-muted">Add a column (Camera, Talent…) to plan this day on the grid.</p>
      ) : (
        <div
          ref={gridRef}
          className="sc-day-grid"
          style={{ gridTemplateColumns: `4rem repeat(${visible.length}, minmax(8rem, 1fr))` }}
          onPointerMove={pointerMove}
          onPointerUp={pointerUp}
          role="group"
          aria-label={`Day grid of ${formatDay(date)}`}
        >
          <div className="sc-day-grid-corner" />
          {visible.map((column) => (
            <div key={column.id} className="sc-day-grid-head">
              <span>{column.name}</span>
              <Button
                size="small"
                variant="ghost"
                aria-label={`Hide ${column.name} on ${formatDay(date)}`}
                onClick={() =>
                  save(
                    'PUT',
                    `/api/projects/${projectId}/schedule-columns/${column.id}/days/${date}`,
                    { hidden: true },
                    'hide the column'
                  )
                }
              >
                Hide
              </Button>
            </div>
          ))}
          <div className="sc-day-grid-times" style={{ height: rows * ROW_PX }}>
            {Array.from({ length: rows / 4 }, (_, hour) => (
              <span key={hour} style={{ top: hour * 4 * ROW_PX }}>
                {clockOf(top + hour * 60)}
              </span>
            ))}
          </div>
          {visible.map((column) => (
            <div
              key={column.id}
              data-column-id={column.id}
              data-testid={`column-${column.name}`}
              className="sc-day-grid-column"
              style={{ height: rows * ROW_PX, backgroundSize: `100% ${ROW_PX * 4}px` }}
              onPointerDown={(event) => startCreate(event, column.id)}
            >
              {today.map((activity) => {
                const { start, end, columnId } = placed(activity)
                if (columnId !== column.id) return null
                const warning = warningText(activity)
                const time = activity.endTime ? `${clockOf(start)}–${clockOf(end)}` : clockOf(start)
                const type = types.get(activity.activityTypeId ?? 0)
                // The type's colour, with black or white text, whichever reads (WCAG AA).
                const painted = type && {
                  background: type.color,
                  color: contrastingText(type.color),
                  borderColor: contrastingText(type.color),
                }
                return (
                  <div
                    key={activity.id}
                    data-activity-id={activity.id}
                    tabIndex={0}
                    role="button"
                    aria-roledescription="movable activity"
                    aria-label={`${activity.name}, ${time}, ${column.name}${type ? `, ${type.name}` : ''}${warning ? `. ${warning}` : ''}`}
                    aria-describedby="day-grid-keys"
                    className={`sc-day-grid-activity${activity.isMilestone ? ' sc-day-grid-milestone' : ''}${warning ? ' sc-day-grid-warning' : ''}`}
                    style={{
                      top: ((start - top) / SLOT) * ROW_PX,
                      height: Math.max(ROW_PX, ((end - start) / SLOT) * ROW_PX),
                      left: `${(activity.lane / activity.lanes) * 100}%`,
                      width: `${100 / activity.lanes}%`,
                      ...painted,
                    }}
                    onPointerDown={(event) => startMove(event, activity)}
                    onKeyDown={(event) => keyDown(event, activity)}
                  >
                    {type && <ActivityTypeIcon icon={type.icon} />}
                    <strong>{activity.name}</strong> <span>{time}</span>
                    {warning && <span title={warning}> ⚠</span>}
                    {!activity.isMilestone && (
                      <span
                        className="sc-day-grid-resize"
                        aria-hidden="true"
                        onPointerDown={(event) => startResize(event, activity)}
                      />
                    )}
                  </div>
                )
              })}
              {drag?.kind === 'create' && drag.columnId === column.id && (
                <div
                  className="sc-day-grid-activity sc-day-grid-ghost"
                  style={{
                    top: ((drag.from - top) / SLOT) * ROW_PX,
                    height: ((drag.to - drag.from) / SLOT) * ROW_PX,
                  }}
                >
                  {clockOf(drag.from)}–{clockOf(drag.to)}
                </div>
              )}
            </div>
          ))}
        </div>
      )}
      <p id="day-grid-keys" className="ui-muted">
        Drag in a column to add an activity; drag one to move it, its lower edge to change its end;
        click one (or press Enter on it) to edit it. With the keyboard: arrow up and down move a
        quarter hour, left and right change column, Shift with up and down changes the end.
      </p>

      {chosenActivity && (
        <ActivityEditor
          key={`${chosenActivity.id}-${chosenActivity.startTime}-${chosenActivity.endTime}`}
          activity={chosenActivity}
          roster={roster}
          types={activityTypes}
          onSaved={() => {
            setChosen(null)
            load()
          }}
        />
      )}

      <form
        className="ui-cluster"
        aria-label="Add an activity"
        onSubmit={saveOnSubmit(
          'POST',
          '/api/activities',
          {
            projectId,
            date,
            name: form.name,
            activityTypeId: typeIdOf(form.typeId),
            scheduleColumnId: form.columnId ? Number(form.columnId) : null,
            startTime: form.startTime,
            endTime: form.endTime || null,
          },
          'add the activity',
          () => setForm({ ...form, name: '' })
        )}
      >
        <ActivityBasicsFields
          nameLabel="Activity"
          values={form}
          types={activityTypes}
          onChange={(changes) => setForm({ ...form, ...changes })}
        />
        <label className="ui-label">
          Column{' '}
          <select
            className="ui-input"
            value={form.columnId}
            onChange={(event) => setForm({ ...form, columnId: event.target.value })}
          >
            <option value="">None</option>
            {visible.map((column) => (
              <option key={column.id} value={column.id}>
                {column.name}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit">Add activity</Button>
      </form>

      {days.length > 1 && (
        <form
          className="ui-cluster"
          aria-label="Copy this day"
          onSubmit={saveOnSubmit(
            'POST',
            '/api/activities/copy-day',
            { projectId, from: date, to: copyTo },
            'copy the day',
            () => setCopyTo('')
          )}
        >
          <label className="ui-label">
            Copy this day’s activities to{' '}
            <select
              className="ui-input"
              required
              value={copyTo}
              onChange={(event) => setCopyTo(event.target.value)}
            >
              <option value="">Choose a day</option>
              {days
                .filter((day) => day !== date)
                .map((day) => (
                  <option key={day} value={day}>
                    {shootDayLabel(days.indexOf(day), day)}
                  </option>
                ))}
            </select>
          </label>
          <Button type="submit" variant="secondary">
            Copy
          </Button>
        </form>
      )}

      <form
        className="ui-cluster"
        aria-label="Add a column"
        onSubmit={saveOnSubmit(
          'POST',
          `/api/projects/${projectId}/schedule-columns`,
          { name: newColumn },
          'add the column',
          () => setNewColumn('')
        )}
      >
        <Field label="New column" required>
          <TextInput
            maxLength={100}
            value={newColumn}
            onChange={(event) => setNewColumn(event.target.value)}
          />
        </Field>
        <Button type="submit" variant="secondary">
          Add column
        </Button>
      </form>
    </section>
  )
}
