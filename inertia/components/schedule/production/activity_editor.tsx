import { useState } from 'react'
import { api, errorMessage } from '~/components/shared/api'
import { Button } from '~/components/shared/ui/button'
import { Field, TextInput } from '~/components/shared/ui/field'
import { Select } from '~/components/shared/ui/select'
import { TimeInput } from '~/components/shared/ui/time_input'
import { useToast } from '~/components/shared/ui/toast'
import type { Data } from '~generated/data'

export type RosterPerson = { kind: 'crew' | 'vendor'; id: number; name: string }

/** What both the grid's add form and the editor ask of an activity. */
export type ActivityBasics = { name: string; typeId: string; startTime: string; endTime: string }

/** "No type" in the kit's Select, which keeps '' for its placeholder. */
export const NO_TYPE = 'none'

/**
 * An activity's name, type (its colour and icon on the grid), start and end
 * (no end: a milestone), as the add form and the editor both ask them.
 */
export function ActivityBasicsFields(props: {
  nameLabel: string
  values: ActivityBasics
  types: Data.Schedule.ActivityType[]
  onChange: (changes: Partial<ActivityBasics>) => void
}) {
  const { values, onChange } = props
  return (
    <>
      <Field label={props.nameLabel} required>
        <TextInput
          maxLength={200}
          value={values.name}
          onChange={(event) => onChange({ name: event.target.value })}
        />
      </Field>
      <Field label="Type">
        <Select
          value={values.typeId}
          onValueChange={(typeId) => onChange({ typeId })}
          options={[
            { value: NO_TYPE, label: 'No type' },
            ...props.types.map((type) => ({ value: String(type.id), label: type.name })),
          ]}
        />
      </Field>
      <Field label="Starts" required>
        <TimeInput
          stepMinutes={15}
          value={values.startTime}
          onChange={(startTime) => onChange({ startTime })}
        />
      </Field>
      <Field label="Ends (empty for a milestone)">
        <TimeInput
          stepMinutes={15}
          value={values.endTime}
          onChange={(endTime) => onChange({ endTime })}
        />
      </Field>
    </>
  )
}

/** The type id the API takes from the Select's value. */
export function typeIdOf(value: string) {
  return value === NO_TYPE ? null : Number(value)
}

/**
 * The fields of the activity chosen on the grid: name, times (no end: a
 * milestone), Start/End marker, who takes part (from the roster), notes.
 */
export function ActivityEditor({
  activity,
  roster,
  types,
  onSaved,
}: {
  activity: Data.Schedule.Activity
  roster: RosterPerson[]
  types: Data.Schedule.ActivityType[]
  onSaved: () => void
}) {
  const toast = useToast()
  const [fields, setFields] = useState({
    name: activity.name,
    typeId: activity.activityTypeId === null ? NO_TYPE : String(activity.activityTypeId),
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
        activityTypeId: typeIdOf(fields.typeId),
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
        <ActivityBasicsFields
          nameLabel="Name"
          values={fields}
          types={types}
          onChange={(changes) => setFields({ ...fields, ...changes })}
        />
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
          {activity.warnings.map((warning, index) => (
            <li key={index}>
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
