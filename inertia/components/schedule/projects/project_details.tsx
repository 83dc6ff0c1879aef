import { useEffect, useRef } from 'react'
import type { AutoSave } from '~/components/shared/use_auto_save'
import {
  FieldLabel,
  SaveFeedback,
  describedBy,
  sameText,
  useFieldSave,
} from '~/components/shared/save_feedback'
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
    <section className="sc-section" aria-labelledby="project-details-heading">
      <h2 id="project-details-heading" className="sc-visually-hidden">
        Details
      </h2>
      <div className="sc-form-grid">
        <div className="sc-wide">
          <FieldLabel htmlFor="project-name" status={name.status} onRetry={name.retry}>
            Name
          </FieldLabel>
          <input
            id="project-name"
            required
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
        </div>
        <div>
          <FieldLabel htmlFor="project-start" status={dates.status} onRetry={dates.retry}>
            First day
          </FieldLabel>
          <input
            id="project-start"
            type="date"
            required
            value={dates.value.startDate}
            onChange={(event) => changeStart(event.target.value)}
            {...describedBy(dates.status, 'project-start-error')}
          />
        </div>
        <div>
          <label htmlFor="project-end">Last day</label>
          <input
            id="project-end"
            type="date"
            required
            min={dates.value.startDate}
            value={dates.value.endDate}
            onChange={(event) =>
              event.target.value && changeDates({ ...dates.value, endDate: event.target.value })
            }
            {...describedBy(dates.status, 'project-start-error')}
          />
        </div>
        <ChoiceField
          id="project-status"
          label="Status"
          none="No status"
          field={status}
          options={lookups.projectStatuses.map((option) => ({
            id: option.id,
            name: option.icon ? `${option.icon} ${option.name}` : option.name,
          }))}
        />
        <ChoiceField
          id="project-client"
          label="Client"
          none="No client"
          field={client}
          options={props.clients}
        />
        <ChoiceField
          id="project-location"
          label="Location"
          none="No location"
          field={location}
          options={props.locations}
        />
        <ChoiceField
          id="project-region"
          label="Region"
          none="No region"
          field={region}
          options={lookups.regions}
        />
        <div className="sc-colors">
          <div className="sc-label-row">
            <span className="sc-label">Colours</span>
            <SaveFeedback
              status={colors.status}
              errorId="project-colors-error"
              onRetry={colors.retry}
            />
          </div>
          <div className="sc-color-pair">
            <label htmlFor="project-color" className="sc-inline-label">
              Colour
              <input
                id="project-color"
                type="color"
                value={colors.value.color}
                onChange={(event) => changeColor('color', event.target.value)}
                {...describedBy(colors.status, 'project-colors-error')}
              />
            </label>
            <label htmlFor="project-text-color" className="sc-inline-label">
              Text
              <input
                id="project-text-color"
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
        </div>
        <div className="sc-wide">
          <FieldLabel htmlFor="project-notes" status={notes.status} onRetry={notes.retry}>
            Notes
          </FieldLabel>
          <textarea
            id="project-notes"
            className="sc-textarea"
            rows={4}
            maxLength={10000}
            value={notes.value}
            onChange={(event) => notes.change(event.target.value)}
            onBlur={() => notes.commit()}
            {...describedBy(notes.status, 'project-notes-error')}
          />
        </div>
      </div>
    </section>
  )
}

/** A select of one of the project's optional records, saved on change. */
function ChoiceField(props: {
  id: string
  label: string
  none: string
  field: AutoSave<number | null>
  options: { id: number; name: string }[]
}) {
  const { field } = props
  return (
    <div>
      <FieldLabel htmlFor={props.id} status={field.status} onRetry={field.retry}>
        {props.label}
      </FieldLabel>
      <select
        id={props.id}
        value={field.value ?? ''}
        onChange={(event) => {
          const picked = event.target.value === '' ? null : Number(event.target.value)
          field.change(picked)
          field.commit(picked)
        }}
        {...describedBy(field.status, `${props.id}-error`)}
      >
        <option value="">{props.none}</option>
        {props.options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
    </div>
  )
}
