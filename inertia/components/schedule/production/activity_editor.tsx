import { useState } from 'react'
import { api, errorMessage } from '~/components/shared/api'
import { Button } from '~/components/shared/ui/button'
import { useToast } from '~/components/shared/ui/toast'

export type EditedActivity = {
  id: number
  name: string
  startTime: string
  endTime: string | null
  marker: 'start' | 'end' | null
  notes: string | null
  participants: { kind: 'crew' | 'vendor'; assignmentId: number; name: string }[]
  warnings: { kind: string; name: string; otherActivityName?: string }[]
}

export type RosterPerson = { kind: 'crew' | 'vendor'; id: number; name: string }

/**
 * The fields of the activity chosen on the grid: name, times (no end: a
 * milestone), Start/End marker, who takes part (from the roster), notes.
 */
export function ActivityEditor({
  activity,
  roster,
  onSaved,
}: {
  activity: EditedActivity
  roster: RosterPerson[]
  onSaved: () => void
}) {
  const toast = useToast()
  const [fields, setFields] = useState({
    name: activity.name,
    startTime: activity.startTime,
    endTime: activity.endTime ?? '',
    marker: activity.marker ?? '',
    notes: activity.notes ?? '',
    people: new Set(activity.participants.map((person) => `${person.kind}-${person.assignmentId}`)),
  })

  async function save() {
    const ids = (kind: string) =>
      [...fields.people]
        .filter((key) => key.startsWith(`${kind}-`))
        .map((key) => Number(key.split('-')[1]))
    try {
      await api('PATCH', `/api/activities/${activity.id}`, {
        name: fields.name,
        startTime: fields.startTime,
        endTime: fields.endTime || null,
        marker: fields.marker || null,
        notes: fields.notes || null,
        crewAssignmentIds: ids('crew'),
        vendorAssignmentIds: ids('vendor'),
      })
      toast.success('Activity saved')
    } catch (error) {
      toast.error(`Could not save the activity: ${errorMessage(error)}`)
    }
    onSaved()
  }

  async function remove() {
    try {
      await api('DELETE', `/api/activities/${activity.id}`)
    } catch (error) {
      toast.error(`Could not remove the activity: ${errorMessage(error)}`)
    }
    onSaved()
  }

  return (
    <form
      className="ui-stack ui-stack-tight"
      aria-label={`Edit ${activity.name}`}
      onSubmit={(event) => {
        event.preventDefault()
        void save()
      }}
    >
      <div className="ui-cluster">
        <label className="ui-label">
          Name{' '}
          <input
            className="ui-input"
            required
            value={fields.name}
            onChange={(event) => setFields({ ...fields, name: event.target.value })}
          />
        </label>
        <label className="ui-label">
          Starts{' '}
          <input
            className="ui-input"
            type="time"
            required
            value={fields.startTime}
            onChange={(event) => setFields({ ...fields, startTime: event.target.value })}
          />
        </label>
        <label className="ui-label">
          Ends (empty for a milestone){' '}
          <input
            className="ui-input"
            type="time"
            value={fields.endTime}
            onChange={(event) => setFields({ ...fields, endTime: event.target.value })}
          />
        </label>
        <label className="ui-label">
          Marker{' '}
          <select
            className="ui-input"
            value={fields.marker}
            onChange={(event) => setFields({ ...fields, marker: event.target.value })}
          >
            <option value="">None</option>
            <option value="start">Start of the day</option>
            <option value="end">End of the day</option>
          </select>
        </label>
      </div>
      {activity.warnings.length > 0 && (
        <ul className="ui-notice ui-notice-warning">
          {activity.warnings.map((warning) => (
            <li key={`${warning.kind}-${warning.name}-${warning.otherActivityName ?? ''}`}>
              {warning.kind === 'doubleBooked'
                ? `${warning.name} is also in ${warning.otherActivityName} at the same time`
                : `${warning.name} is not scheduled on this day`}
            </li>
          ))}
        </ul>
      )}
      <fieldset className="ui-fieldset">
        <legend>Who takes part</legend>
        {roster.length === 0 && <p className="ui-muted">Nobody is on the roster yet.</p>}
        <div className="ui-cluster">
          {roster.map((person) => {
            const key = `${person.kind}-${person.id}`
            return (
              <label key={key} className="ui-checkbox-row">
                <input
                  type="checkbox"
                  checked={fields.people.has(key)}
                  onChange={(event) => {
                    const people = new Set(fields.people)
                    if (event.target.checked) people.add(key)
                    else people.delete(key)
                    setFields({ ...fields, people })
                  }}
                />{' '}
                {person.name}
              </label>
            )
          })}
        </div>
      </fieldset>
      <label className="ui-label">
        Notes{' '}
        <textarea
          className="ui-textarea"
          value={fields.notes}
          onChange={(event) => setFields({ ...fields, notes: event.target.value })}
        />
      </label>
      <div className="ui-cluster">
        <Button type="submit">Save activity</Button>
        <Button variant="danger" onClick={remove}>
          Remove activity
        </Button>
      </div>
    </form>
  )
}
