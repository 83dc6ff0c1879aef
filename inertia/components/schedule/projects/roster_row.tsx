import { useState, type FormEvent } from 'react'
import { api, errorMessage } from '~/components/shared/api'
import type { AutoSave } from '~/components/shared/use_auto_save'
import { dayParts, formatDay, formatShortDay } from '~/components/shared/dates'
import { ConflictResolution } from '~/components/schedule/calendar/conflict_resolution'
import { StatusSelect } from '~/components/schedule/status_badge'
import {
  combinedStatus,
  describedBy,
  sameText,
  useFieldSave,
} from '~/components/shared/save_feedback'
import { RowSaveStatus, SaveStatusBeside } from '~/components/schedule/save_status'
import { Badge } from '~/components/shared/ui/badge'
import { Button } from '~/components/shared/ui/button'
import { ConfirmDialog } from '~/components/shared/ui/confirm_dialog'
import { TextInput } from '~/components/shared/ui/field'
import { Select } from '~/components/shared/ui/select'
import { useToast } from '~/components/shared/ui/toast'
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
          <Badge tone={entry.kind === 'crew' ? 'info' : 'accent'}>
            {entry.kind === 'crew' ? 'Crew' : 'Vendor'}
          </Badge>{' '}
          <a href={`/directory?tab=${directoryTab}&id=${entry.resourceId}`}>{entry.name}</a>{' '}
          <RowSaveStatus status={combinedStatus(fields.map(([, field]) => field.status))} />
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
          <Select
            aria-label={`Role of ${entry.name}`}
            value={role.value === null ? NO_ROLE : String(role.value)}
            options={[
              { value: NO_ROLE, label: 'No role' },
              ...props.lookups.crewRoles.map((crewRole) => ({
                value: String(crewRole.id),
                label: crewRole.name,
              })),
            ]}
            onValueChange={(value) => {
              const picked = value === NO_ROLE ? null : Number(value)
              role.change(picked)
              role.commit(picked)
            }}
          />
        ) : (
          <span />
        )}
        <TextInput
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
        <ConfirmDialog
          trigger={
            <Button size="small" variant="ghost" aria-label={`Remove ${entry.name}`}>
              Remove
            </Button>
          }
          title={`Take ${entry.name} off this project?`}
          description="Their booking and its day notes on this project are removed."
          confirmLabel="Remove"
          onConfirm={remove}
        />
      </div>
      {fields.some(([, field]) => field.status.state === 'failed') && (
        <div className="ui-cluster">
          {fields.map(
            ([name, field]) =>
              field.status.state === 'failed' && (
                <SaveStatusBeside
                  key={name}
                  status={field.status}
                  errorId={errorId(name)}
                  onRetry={field.retry}
                />
              )
          )}
        </div>
      )}

      <div className="sc-day-strip" role="group" aria-label={`Days of ${entry.name}`}>
        <span className="ui-muted sc-day-count">
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
          className="sc-day-note-form"
          onSubmit={addDayNote}
          aria-label={`Add a day note for ${entry.name}`}
        >
          <Select
            aria-label="Day"
            value={noteDay}
            onValueChange={setNoteDay}
            options={props.days.map((day) => ({ value: day, label: formatDay(day) }))}
          />
          <TextInput
            aria-label="Note"
            placeholder="e.g. Arrives at noon"
            maxLength={10000}
            value={noteText}
            onChange={(event) => setNoteText(event.target.value)}
          />
          <Button type="submit" size="small" variant="secondary">
            Add note
          </Button>
        </form>
      </details>
    </div>
  )
}

const NO_ROLE = 'none'

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
        {/* The space keeps "Mon 5" the visible start of the button's name "Mon 5 Jun 2031: working". */}
        <span className="sc-day-weekday">{dayParts(date).weekday}</span>{' '}
        <span className="sc-day-number">{dayParts(date).day}</span>
      </button>
      {worked.status.state === 'failed' && (
        <SaveStatusBeside status={worked.status} errorId={props.errorId} onRetry={worked.retry} />
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
      <span className="ui-muted">{formatDay(props.dayNote.date)}</span>
      <TextInput
        aria-label={props.label}
        maxLength={10000}
        value={text.value}
        onChange={(event) => text.change(event.target.value)}
        onBlur={() => text.commit()}
        {...describedBy(text.status, props.errorId)}
      />
      <Button
        size="small"
        variant="ghost"
        onClick={() => {
          text.change('')
          text.commit('')
        }}
      >
        Clear
      </Button>
      {text.status.state === 'failed' && (
        <SaveStatusBeside status={text.status} errorId={props.errorId} onRetry={text.retry} />
      )}
    </li>
  )
}
