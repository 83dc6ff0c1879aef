import { useEffect, useRef } from 'react'
import type { AutoSave } from '~/components/shared/use_auto_save'
import { describedBy, sameText, useFieldSave } from '~/components/shared/save_feedback'
import { SaveStatusBeside } from '~/components/schedule/save_status'
import { DatePicker } from '~/components/shared/ui/date_picker'
import { Field, TextInput, Textarea } from '~/components/shared/ui/field'
import { Select } from '~/components/shared/ui/select'
import { api } from '~/components/shared/api'
import { dayCount, shiftDays } from '~/components/shared/dates'
import type { Lookups } from '~/components/schedule/lookups'
import type { Data } from '~generated/data'

type Project = Data.Schedule.Project
type Conflict = Data.Schedule.Conflict

type Editable = Pick<
  Project,
  | 'name'
  | 'startDate'
  | 'endDate'
  | 'color'
  | 'textColor'
  | 'notes'
  | 'clientId'
  | 'locationId'
  | 'projectStatusId'
  | 'regionId'
>
type Dates = Pick<Project, 'startDate' | 'endDate'>
type Colors = Pick<Project, 'color' | 'textColor'>

const sameDates = (a: Dates, b: Dates) => a.startDate === b.startDate && a.endDate === b.endDate
const sameColors = (a: Colors, b: Colors) => a.color === b.color && a.textColor === b.textColor

/**
 * The project's own fields, each saved on its own as soon as it is changed
 * (text when the field is left, choices at once, colours when the picker
 * settles), with "Saving…", "Saved" or the reason it failed beside it. A
 * refused change stays in its field, with Retry.
 */
export function ProjectDetails(props: {
  project: Project
  lookups: Lookups
  clients: Data.Schedule.Client[]
  locations: Data.Schedule.Location[]
  onSaved: (saved: Partial<Project>, conflicts: Conflict[]) => void
}) {
  const { project, lookups } = props
  const colorTimer = useRef<ReturnType<typeof setTimeout>>(undefined)

  useEffect(() => () => clearTimeout(colorTimer.current), [])

  async function save(changes: Partial<Editable>) {
    const result = await api<Data.Schedule.ProjectChange>(
      'PATCH',
      `/api/projects/${project.id}`,
      changes
    )
    // Only what this save sent: an answer that overtook another field's must not undo it.
    const saved = Object.fromEntries(
      Object.keys(changes).map((key) => [key, result.project[key as keyof Editable]])
    )
    props.onSaved(saved, result.conflicts)
  }

  const name = useFieldSave(
    project.name,
    (value) => {
      if (!value.trim()) {
        throw new Error('A project needs a name.')
      }
      return save({ name: value.trim() })
    },
    sameText
  )
  const dates = useFieldSave<Dates>(
    { startDate: project.startDate, endDate: project.endDate },
    (value) => save(value),
    sameDates
  )
  const colors = useFieldSave<Colors>(
    { color: project.color, textColor: project.textColor },
    (value) => save(value),
    sameColors
  )
  const notes = useFieldSave(
    project.notes ?? '',
    (value) => save({ notes: value.trim() ? value : null }),
    sameText
  )
  const status = useFieldSave(project.projectStatusId, (value) => save({ projectStatusId: value }))
  const client = useFieldSave(project.clientId, (value) => save({ clientId: value }))
  const location = useFieldSave(project.locationId, (value) => save({ locationId: value }))
  const region = useFieldSave(project.regionId, (value) => save({ regionId: value }))

  function changeDates(next: Dates) {
    dates.change(next)
    dates.commit(next)
  }

  function changeStart(startDate: string) {
    if (!startDate) {
      return
    }
    // Moving the start past the end moves the whole project, keeping its length.
    const endDate =
      startDate > dates.value.endDate
        ? shiftDays(startDate, dayCount(project.startDate, project.endDate) - 1)
        : dates.value.endDate
    changeDates({ startDate, endDate })
  }

  function changeColor(key: keyof Colors, value: string) {
    const next = { ...colors.value, [key]: value }
    colors.change(next)
    clearTimeout(colorTimer.current)
    colorTimer.current = setTimeout(() => colors.commit(next), 500)
  }

  return (
    <section className="ui-panel" aria-labelledby="project-details-heading">
      <h2 id="project-details-heading" className="ui-visually-hidden">
        Details
      </h2>
      <div className="ui-form-grid">
        <Field label="Name" required>
          <TextInput
            maxLength={200}
            value={name.value}
            onChange={(event) => name.change(event.target.value)}
            onBlur={() => name.commit()}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.currentTarget.blur()
              }
            }}
            {...describedBy(name.status, 'project-name-error')}
          />
          <Beside field={name} errorId="project-name-error" />
        </Field>
        <Field label="First day" required>
          <DatePicker value={dates.value.startDate} onChange={changeStart} />
          <Beside field={dates} errorId="project-dates-error" />
        </Field>
        <Field label="Last day" required>
          <DatePicker
            value={dates.value.endDate}
            onChange={(endDate) => endDate && changeDates({ ...dates.value, endDate })}
          />
        </Field>
        <ChoiceField
          label="Status"
          none="No status"
          field={status}
          options={lookups.projectStatuses.map((option) => ({
            id: option.id,
            name: option.icon ? `${option.icon} ${option.name}` : option.name,
          }))}
        />
        <ChoiceField label="Client" none="No client" field={client} options={props.clients} />
        <ChoiceField
          label="Location"
          none="No location"
          field={location}
          options={props.locations}
        />
        <ChoiceField label="Region" none="No region" field={region} options={lookups.regions} />
        <fieldset className="sc-colors">
          <legend className="ui-label">Colours in the calendar</legend>
          <div className="ui-cluster">
            <label className="sc-inline-label">
              Colour
              <input
                type="color"
                value={colors.value.color}
                onChange={(event) => changeColor('color', event.target.value)}
                {...describedBy(colors.status, 'project-colors-error')}
              />
            </label>
            <label className="sc-inline-label">
              Text
              <input
                type="color"
                value={colors.value.textColor}
                onChange={(event) => changeColor('textColor', event.target.value)}
                {...describedBy(colors.status, 'project-colors-error')}
              />
            </label>
            <span
              className="sc-color-preview"
              style={{ background: colors.value.color, color: colors.value.textColor }}
            >
              {name.value || 'Project'}
            </span>
          </div>
          <Beside field={colors} errorId="project-colors-error" />
        </fieldset>
      </div>
      <Field label="Notes">
        <Textarea
          rows={4}
          maxLength={10000}
          value={notes.value}
          onChange={(event) => notes.change(event.target.value)}
          onBlur={() => notes.commit()}
          {...describedBy(notes.status, 'project-notes-error')}
        />
        <Beside field={notes} errorId="project-notes-error" />
      </Field>
    </section>
  )
}

const NONE = 'none'

/** One of the project's optional records, picked from a list and saved at once. */
function ChoiceField(props: {
  label: string
  none: string
  field: AutoSave<number | null>
  options: { id: number; name: string }[]
}) {
  const { field } = props
  return (
    <Field label={props.label}>
      <Select
        // The kit's Select keeps '' for "nothing chosen": "none" stands for no record.
        value={field.value === null ? NONE : String(field.value)}
        onValueChange={(value) => {
          const picked = value === NONE ? null : Number(value)
          field.change(picked)
          field.commit(picked)
        }}
        options={[
          { value: NONE, label: props.none },
          ...props.options.map((option) => ({ value: String(option.id), label: option.name })),
        ]}
      />
      <Beside field={field} errorId={`project-${props.label.toLowerCase()}-error`} />
    </Field>
  )
}

/** How the field's saving stands, under it: "Saving…", "Saved", or why it was refused with Retry. */
function Beside(props: { field: Pick<AutoSave<unknown>, 'status' | 'retry'>; errorId: string }) {
  return (
    <SaveStatusBeside
      status={props.field.status}
      errorId={props.errorId}
      onRetry={props.field.retry}
    />
  )
}
