import { useState, type FormEvent } from 'react'
import { useDraft } from '../use_draft'
import { api } from '../../shared/http'
import { ConfirmButton } from '../../shared/confirm_button'
import { errorMessage } from '../errors'
import { dayParts, formatDay, formatShortDay } from '../dates'
import { ConflictResolution } from '../conflict_resolution'
import { StatusSelect } from '../status_badge'
import { useToast } from '../toasts'
import type { Lookups } from '../lookups'
import type { Conflict, DayNote, RosterEntry } from '../types'

type EntryResult = { entry: RosterEntry; conflicts: Conflict[] }
type NoteResult = {
  note: (DayNote & { kind: string; assignmentId: number }) | null
  conflicts: Conflict[]
}

export function rosterKey(entry: Pick<RosterEntry, 'kind' | 'id'>) {
  return `${entry.kind}-${entry.id}`
}

export function assignmentUrl(projectId: number, entry: Pick<RosterEntry, 'kind' | 'id'>) {
  return `/api/projects/${projectId}/${entry.kind === 'crew' ? 'crew' : 'vendors'}/${entry.id}`
}

function withDayNote(entry: RosterEntry, date: string, note: DayNote | null): RosterEntry {
  const others = entry.dayNotes.filter((dayNote) => dayNote.date !== date)
  return {
    ...entry,
    dayNotes: note ? [...others, note].sort((a, b) => a.date.localeCompare(b.date)) : others,
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
  const [notes, setNotes] = useDraft(entry.notes, (stored) => stored ?? '')
  const [pickedDay, setNoteDay] = useState(props.days[0] ?? '')
  // New project dates can leave the picked day outside them: then the first day is picked.
  const noteDay = props.days.includes(pickedDay) ? pickedDay : (props.days[0] ?? '')
  const [noteText, setNoteText] = useState('')

  const byDate = new Map(entry.dayNotes.map((dayNote) => [dayNote.date, dayNote]))
  const openConflictDays = new Set(
    props.conflicts.filter((conflict) => !conflict.resolution).map((conflict) => conflict.date)
  )
  const scheduledCount = props.days.filter((day) => byDate.get(day)?.isScheduled !== false).length

  async function update(changes: Partial<Pick<RosterEntry, 'statusId' | 'crewRoleId' | 'notes'>>) {
    const previous = Object.fromEntries(
      Object.keys(changes).map((key) => [key, entry[key as keyof typeof changes]])
    )
    props.onEntry((current) => ({ ...current, ...changes }))
    try {
      const result = await api<EntryResult>('PATCH', assignmentUrl(props.projectId, entry), changes)
      props.onEntry(() => result.entry)
      props.afterSave(result.conflicts)
    } catch (error) {
      props.onEntry((current) => ({ ...current, ...previous }))
      setNotes(entry.notes ?? '')
      toast.error(`Could not save ${entry.name}: ${errorMessage(error)}`)
    }
  }

  async function putDayNote(date: string, changes: { note?: string; isScheduled?: boolean }) {
    const current = byDate.get(date)
    const optimistic: DayNote = {
      id: current?.id ?? 0,
      date,
      note: changes.note ?? current?.note ?? null,
      isScheduled: changes.isScheduled ?? current?.isScheduled ?? true,
    }
    props.onEntry((latest) => withDayNote(latest, date, optimistic))
    try {
      const result = await api<NoteResult>('PUT', '/api/notes', {
        kind: entry.kind,
        assignmentId: entry.id,
        date,
        ...changes,
      })
      const saved = result.note
        ? {
            id: result.note.id,
            date: result.note.date,
            note: result.note.note,
            isScheduled: result.note.isScheduled,
          }
        : null
      props.onEntry((latest) => withDayNote(latest, date, saved))
      props.afterSave(result.conflicts)
      return true
    } catch (error) {
      props.onEntry((latest) => withDayNote(latest, date, current ?? null))
      toast.error(`Could not save ${entry.name} on ${formatShortDay(date)}: ${errorMessage(error)}`)
      return false
    }
  }

  async function addDayNote(event: FormEvent) {
    event.preventDefault()
    if (noteDay && noteText.trim() && (await putDayNote(noteDay, { note: noteText.trim() }))) {
      setNoteText('')
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
          <a href={`/directory?tab=${directoryTab}&id=${entry.resourceId}`}>{entry.name}</a>
        </div>
        <StatusSelect
          label={`Status of ${entry.name}`}
          statuses={props.lookups.statuses}
          value={entry.statusId}
          onChange={(statusId) => void update({ statusId })}
        />
        {entry.kind === 'crew' ? (
          <select
            aria-label={`Role of ${entry.name}`}
            value={entry.crewRoleId ?? ''}
            onChange={(event) =>
              void update({ crewRoleId: event.target.value ? Number(event.target.value) : null })
            }
          >
            <option value="">No role</option>
            {props.lookups.crewRoles.map((role) => (
              <option key={role.id} value={role.id}>
                {role.name}
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
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
          onBlur={() => {
            const next = notes.trim() || null
            if (next !== (entry.notes ?? null)) {
              void update({ notes: next })
            }
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.currentTarget.blur()
            }
          }}
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

      <div className="sc-day-strip" role="group" aria-label={`Days of ${entry.name}`}>
        <span className="muted small sc-day-count">
          {scheduledCount} of {props.days.length} {props.days.length === 1 ? 'day' : 'days'}
        </span>
        {props.days.map((day) => {
          const dayNote = byDate.get(day)
          const scheduled = dayNote?.isScheduled !== false
          const classes = [
            'sc-day',
            scheduled ? 'sc-day-on' : 'sc-day-off',
            dayNote?.note ? 'sc-day-noted' : '',
            openConflictDays.has(day) && scheduled ? 'sc-day-conflict' : '',
          ]
          return (
            <button
              key={day}
              type="button"
              className={classes.filter(Boolean).join(' ')}
              aria-pressed={scheduled}
              aria-label={`${formatDay(day)}: ${scheduled ? 'working' : 'not working'}`}
              title={`${formatDay(day)}${scheduled ? '' : ' (not working)'}${dayNote?.note ? `: ${dayNote.note}` : ''}${openConflictDays.has(day) ? ' — double-booked' : ''}`}
              onClick={() => void putDayNote(day, { isScheduled: !scheduled })}
            >
              <span className="sc-day-weekday">{dayParts(day).weekday}</span>
              <span className="sc-day-number">{dayParts(day).day}</span>
            </button>
          )
        })}
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
              <ConflictResolution conflict={conflict} onChanged={() => props.afterSave()} />
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
                dayNote={dayNote}
                onSave={(note) => void putDayNote(dayNote.date, { note })}
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

function DayNoteLine(props: { label: string; dayNote: DayNote; onSave: (note: string) => void }) {
  const [text, setText] = useDraft(props.dayNote.note, (stored) => stored ?? '')
  return (
    <li>
      <span className="sc-day-note-date">{formatDay(props.dayNote.date)}</span>
      <input
        aria-label={props.label}
        maxLength={10000}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onBlur={() => {
          if (text.trim() !== (props.dayNote.note ?? '')) {
            props.onSave(text.trim())
          }
        }}
      />
      <button type="button" className="link small" onClick={() => props.onSave('')}>
        Clear
      </button>
    </li>
  )
}
