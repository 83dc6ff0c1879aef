import { useState, type FormEvent } from 'react'
import { api, errorMessage } from '~/components/shared/api'
import { ConfirmButton } from '~/components/shared/confirm_button'
import type { AutoSave } from '~/components/shared/use_auto_save'
import { dayParts, formatDay, formatShortDay } from '~/components/shared/dates'
import { ConflictResolution } from '~/components/schedule/calendar/conflict_resolution'
import { StatusSelect } from '~/components/schedule/status_badge'
import { useToast } from '~/components/shared/toasts'
import {
  FieldError,
  SaveProgress,
  combinedStatus,
  describedBy,
  sameText,
  useFieldSave,
} from '~/components/shared/save_feedback'
import type { Lookups } from '~/components/schedule/lookups'
import type { Data } from '~generated/data'

type RosterEntry = Data.Schedule.RosterEntry
type DayNote = RosterEntry['dayNotes'][number]
type Conflict = Data.Schedule.Conflict
type EntryResult = Data.Schedule.RosterChange
type NoteResult = Data.Schedule.DayNoteChange

export function rosterKey(entry: Pick<RosterEntry, 'kind' | 'id'>) {
  return `${entry.kind}-${entry.id}`
}

export function assignmentUrl(projectId: number, entry: Pick<RosterEntry, 'kind' | 'id'>) {
  return `/api/projects/${projectId}/${entry.kind === 'crew' ? 'crew' : 'vendors'}/${entry.id}`
}

type DayField = 'note' | 'isScheduled'

/**
 * The entry with one field of one day as saved. Only that field: the answer
 * to a day's note must not undo a "not working" saved for that day meanwhile.
 * A day that is worked and has no note needs no day note.
 */
function withDayField<K extends DayField>(
  entry: RosterEntry,
  date: string,
  key: K,
  value: DayNote[K]
): RosterEntry {
  const others = entry.dayNotes.filter((dayNote) => dayNote.date !== date)
  const current = entry.dayNotes.find((dayNote) => dayNote.date === date)
  const day = { id: 0, date, note: null, isScheduled: true, ...current, [key]: value }
  const keep = day.note !== null || !day.isScheduled
  return {
    ...entry,
    dayNotes: keep ? [...others, day].sort((a, b) => a.date.localeCompare(b.date)) : others,
  }
}

/**
 * One crew member or vendor on the project: status, role, notes, the days
 * they work (a strip of the project's days, click one to take it off or put
 * it back), notes for single days, their double bookings, and removal.
 */
export function RosterRow(props: {
  projectId: number
  days: string[]
  entry: RosterEntry
  lookups: Lookups
  conflicts: Conflict[]
  onEntry: (update: (entry: RosterEntry) => RosterEntry) => void
  onRemoved: () => void
  afterSave: (conflicts?: Conflict[]) => void
}) {
  const toast = useToast()
  const { entry } = props
  const [pickedDay, setNoteDay] = useState(props.days[0] ?? '')
  // New project dates can leave the picked day outside them: then the first day is picked.
  const noteDay = props.days.includes(pickedDay) ? pickedDay : (props.days[0] ?? '')
  const [noteText, setNoteText] = useState('')

  const byDate = new Map(entry.dayNotes.map((dayNote) => [dayNote.date, dayNote]))
  const openConflictDays = new Set(
    props.conflicts.filter((conflict) => !conflict.resolution).map((conflict) => conflict.date)
  )
  const scheduledCount = props.days.filter((day) => byDate.get(day)?.isScheduled !== false).length

  async function update<K extends 'statusId' | 'crewRoleId' | 'notes'>(
    key: K,
    value: RosterEntry[K]
  ) {
    const result = await api<EntryResult>('PATCH', assignmentUrl(props.projectId, entry), {
      [key]: value,
    })
    props.onEntry((current) => ({ ...current, [key]: result.entry[key] }))
    props.afterSave(result.conflicts)
  }

  const status = useFieldSave(entry.statusId, (value) => update('statusId', value))
  const role = useFieldSave(entry.crewRoleId, (value) => update('crewRoleId', value))
  const notes = useFieldSave(
    entry.notes ?? '',
    (value) => update('notes', value.trim() || null),
    sameText
  )
  const errorId = (field: string) => `roster-${rosterKey(entry)}-${field}-error`
  const fields: [string, Pick<AutoSave<unknown>, 'status' | 'retry'>][] = [
    ['status', status],
    ['role', role],
    ['notes', notes],
  ]

  /** Saves one field of one day; throws when refused (the caller shows why). */
  async function putDayField<K extends DayField>(date: string, key: K, value: DayNote[K]) {
    const result = await api<NoteResult>('PUT', '/api/notes', {
      kind: entry.kind,
      assignmentId: entry.id,
      date,
      [key]: value,
    })
    const saved = result.note ? result.note[key] : key === 'note' ? null : true
    props.onEntry((latest) => withDayField(latest, date, key, saved as DayNote[K]))
    props.afterSave(result.conflicts)
  }

  async function addDayNote(event: FormEvent) {
    event.preventDefault()
    if (!noteDay || !noteText.trim()) {
      return
    }
    try {
      await putDayField(noteDay, 'note', noteText.trim())
      setNoteText('')
    } catch (error) {
      toast.error(
        `Could not save ${entry.name} on ${formatShortDay(noteDay)}: ${errorMessage(error)}`
      )
    }
  }

  async function remove() {
    try {
      await api('DELETE', assignmentUrl(props.projectId, entry))
      props.onRemoved()
      props.afterSave()
    } catch (error) {
      toast.error(`Could not remove ${entry.name}: ${errorMessage(error)}`)
    }
  }

  const notedDays = entry.dayNotes.filter((dayNote) => dayNote.note)
  const directoryTab = entry.kind === 'crew' ? 'crew' : 'vendors'
  return (
    <div className="sc-roster-entry" data-testid={`roster-${rosterKey(entry)}`}>
      <div className="sc-roster-main">
        <div className="sc-roster-name">
          <span className={`sc-kind sc-kind-${entry.kind}`}>
            {entry.kind === 'crew' ? 'Crew' : 'Vendor'}
          </span>
          <a href={`/directory?tab=${directoryTab}&id=${entry.resourceId}`}>{entry.name}</a>{' '}
          <SaveProgress status={combinedStatus(fields.map(([, field]) => field.status))} />
        </div>
        <StatusSelect
          label={`Status of ${entry.name}`}
          statuses={props.lookups.statuses}
          value={status.value}
          onChange={(statusId) => {
            status.change(statusId)
            status.commit(statusId)
          }}
          errorId={status.status.state === 'failed' ? errorId('status') : undefined}
        />
        {entry.kind === 'crew' ? (
          <select
            aria-label={`Role of ${entry.name}`}
            value={role.value ?? ''}
            onChange={(event) => {
              const picked = event.target.value ? Number(event.target.value) : null
              role.change(picked)
              role.commit(picked)
            }}
            {...describedBy(role.status, errorId('role'))}
          >
            <option value="">No role</option>
            {props.lookups.crewRoles.map((crewRole) => (
              <option key={crewRole.id} value={crewRole.id}>
                {crewRole.name}
              </option>
            ))}
          </select>
        ) : (
          <span />
        )}
        <input
          aria-label={`Notes on ${entry.name}`}
          placeholder="Notes"
          maxLength={10000}
          value={notes.value}
          onChange={(event) => notes.change(event.target.value)}
          onBlur={() => notes.commit()}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.currentTarget.blur()
            }
          }}
          {...describedBy(notes.status, errorId('notes'))}
        />
        <ConfirmButton
          compact
          danger
          label="Remove"
          title={`Take ${entry.name} off this project?`}
          confirmLabel="Remove"
          onConfirm={remove}
        >
          <p>Their booking and its day notes on this project are removed.</p>
        </ConfirmButton>
      </div>
      {fields.some(([, field]) => field.status.state === 'failed') && (
        <div className="sc-roster-errors">
          {fields.map(([name, field]) => (
            <FieldError
              key={name}
              status={field.status}
              errorId={errorId(name)}
              onRetry={field.retry}
            />
          ))}
        </div>
      )}

      <div className="sc-day-strip" role="group" aria-label={`Days of ${entry.name}`}>
        <span className="muted small sc-day-count">
          {scheduledCount} of {props.days.length} {props.days.length === 1 ? 'day' : 'days'}
        </span>
        {props.days.map((day) => (
          <DayToggle
            key={day}
            date={day}
            dayNote={byDate.get(day)}
            conflict={openConflictDays.has(day)}
            errorId={`roster-${rosterKey(entry)}-${day}-error`}
            onSave={(isScheduled) => putDayField(day, 'isScheduled', isScheduled)}
          />
        ))}
      </div>

      {props.conflicts.length > 0 && (
        <ul className="sc-row-conflicts">
          {props.conflicts.map((conflict) => (
            <li
              key={`${conflict.date}-${conflict.projectIds.join(',')}`}
              className={conflict.resolution ? 'sc-conflict-resolved' : 'sc-conflict-open'}
            >
              <span>
                {conflict.resolution ? '' : '⚠ '}Double-booked on {formatDay(conflict.date)} with{' '}
                {conflict.projects
                  .filter((project) => project.id !== props.projectId)
                  .map((project, index) => (
                    <span key={project.id}>
                      {index > 0 && ', '}
                      <a href={`/projects/${project.id}`}>{project.name}</a>
                    </span>
                  ))}
              </span>
              <ConflictResolution conflicts={[conflict]} onChanged={() => props.afterSave()} />
            </li>
          ))}
        </ul>
      )}

      <details className="sc-day-notes">
        <summary>Day notes{notedDays.length > 0 ? ` (${notedDays.length})` : ''}</summary>
        {notedDays.length > 0 && (
          <ul className="sc-day-note-list">
            {notedDays.map((dayNote) => (
              <DayNoteLine
                key={dayNote.date}
                label={`Note for ${entry.name} on ${formatDay(dayNote.date)}`}
                errorId={`roster-${rosterKey(entry)}-${dayNote.date}-note-error`}
                dayNote={dayNote}
                onSave={(note) => putDayField(dayNote.date, 'note', note)}
              />
            ))}
          </ul>
        )}
        <form
          className="sc-inline-form"
          onSubmit={addDayNote}
          aria-label={`Add a day note for ${entry.name}`}
        >
          <select
            aria-label="Day"
            value={noteDay}
            onChange={(event) => setNoteDay(event.target.value)}
          >
            {props.days.map((day) => (
              <option key={day} value={day}>
                {formatDay(day)}
              </option>
            ))}
          </select>
          <input
            aria-label="Note"
            placeholder="e.g. Arrives at noon"
            maxLength={10000}
            value={noteText}
            onChange={(event) => setNoteText(event.target.value)}
          />
          <button type="submit" className="compact">
            Add note
          </button>
        </form>
      </details>
    </div>
  )
}

/**
 * One day of the booking: pressed while the person works it. A click saves
 * at once; clicks made while a save is on its way are sent after it, the
 * last one winning, so the day ends the way it was last clicked.
 */
function DayToggle(props: {
  date: string
  dayNote: DayNote | undefined
  conflict: boolean
  errorId: string
  onSave: (isScheduled: boolean) => Promise<void>
}) {
  const { date, dayNote } = props
  const worked = useFieldSave(dayNote?.isScheduled !== false, props.onSave)
  const scheduled = worked.value
  const classes = [
    'sc-day',
    scheduled ? 'sc-day-on' : 'sc-day-off',
    dayNote?.note ? 'sc-day-noted' : '',
    props.conflict && scheduled ? 'sc-day-conflict' : '',
  ]
  return (
    <>
      <button
        type="button"
        className={classes.filter(Boolean).join(' ')}
        aria-pressed={scheduled}
        aria-label={`${formatDay(date)}: ${scheduled ? 'working' : 'not working'}`}
        title={`${formatDay(date)}${scheduled ? '' : ' (not working)'}${dayNote?.note ? `: ${dayNote.note}` : ''}${props.conflict ? ' — double-booked' : ''}`}
        onClick={() => {
          worked.change(!scheduled)
          worked.commit(!scheduled)
        }}
        {...describedBy(worked.status, props.errorId)}
      >
        <span className="sc-day-weekday">{dayParts(date).weekday}</span>
        <span className="sc-day-number">{dayParts(date).day}</span>
      </button>
      {worked.status.state === 'failed' && (
        <FieldError status={worked.status} errorId={props.errorId} onRetry={worked.retry} />
      )}
    </>
  )
}

function DayNoteLine(props: {
  label: string
  errorId: string
  dayNote: DayNote
  onSave: (note: string) => Promise<void>
}) {
  const text = useFieldSave(
    props.dayNote.note ?? '',
    (value) => props.onSave(value.trim()),
    sameText
  )
  return (
    <li>
      <span className="sc-day-note-date">{formatDay(props.dayNote.date)}</span>
      <input
        aria-label={props.label}
        maxLength={10000}
        value={text.value}
        onChange={(event) => text.change(event.target.value)}
        onBlur={() => text.commit()}
        {...describedBy(text.status, props.errorId)}
      />
      <button
        type="button"
        className="link small"
        onClick={() => {
          text.change('')
          text.commit('')
        }}
      >
        Clear
      </button>
      {text.status.state === 'failed' && (
        <FieldError status={text.status} errorId={props.errorId} onRetry={text.retry} />
      )}
    </li>
  )
}
