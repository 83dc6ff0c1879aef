import { useEffect, useRef, useState } from 'react'
import { useDraft } from '../use_draft'
import { FieldLabel, SaveFeedback, type SaveState } from '../save_feedback'
import { api } from '../../shared/http'
import { errorMessage } from '../errors'
import { dayCount, shiftDate } from '../dates'
import type { Lookups } from '../lookups'
import type { Client, Conflict, Location, Project } from '../types'

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
type FieldName =
  'name' | 'dates' | 'colors' | 'notes' | 'clientId' | 'locationId' | 'status' | 'regionId'

function draftOf(project: Project): Editable {
  return {
    name: project.name,
    startDate: project.startDate,
    endDate: project.endDate,
    color: project.color,
    textColor: project.textColor,
    notes: project.notes,
    clientId: project.clientId,
    locationId: project.locationId,
    projectStatusId: project.projectStatusId,
    regionId: project.regionId,
  }
}

/**
 * The project's own fields, each saved on its own as soon as it is changed
 * (text when the field is left, choices at once, colours when the picker
 * settles), with "Saving…", "Saved" or the reason it failed beside it. A
 * failed save puts the stored value back.
 */
export function ProjectDetails(props: {
  project: Project
  lookups: Lookups
  clients: Client[]
  locations: Location[]
  onSaved: (project: Project, conflicts: Conflict[]) => void
}) {
  const { project, lookups } = props
  const [draft, setDraft] = useDraft(project, draftOf)
  const [saves, setSaves] = useState<Partial<Record<FieldName, SaveState>>>({})
  const colorTimer = useRef<ReturnType<typeof setTimeout>>(undefined)

  useEffect(() => () => clearTimeout(colorTimer.current), [])

  async function save(field: FieldName, changes: Partial<Editable>) {
    const changed = (Object.keys(changes) as (keyof Editable)[]).some(
      (key) => changes[key] !== project[key]
    )
    if (!changed) {
      return
    }
    setSaves((current) => ({ ...current, [field]: { state: 'saving' } }))
    try {
      const result = await api<{ project: Project; conflicts: Conflict[] }>(
        'PATCH',
        `/api/projects/${project.id}`,
        changes
      )
      setSaves((current) => ({ ...current, [field]: { state: 'saved' } }))
      props.onSaved(result.project, result.conflicts)
    } catch (error) {
      setDraft((current) => {
        const restored = { ...current }
        for (const key of Object.keys(changes) as (keyof Editable)[]) {
          Object.assign(restored, { [key]: project[key] })
        }
        return restored
      })
      setSaves((current) => ({
        ...current,
        [field]: { state: 'error', message: errorMessage(error) },
      }))
    }
  }

  function changeStart(startDate: string) {
    if (!startDate) {
      return
    }
    // Moving the start past the end moves the whole project, keeping its length.
    const endDate =
      startDate > draft.endDate
        ? shiftDate(startDate, dayCount(project.startDate, project.endDate) - 1)
        : draft.endDate
    setDraft({ ...draft, startDate, endDate })
    void save('dates', { startDate, endDate })
  }

  function changeEnd(endDate: string) {
    if (!endDate) {
      return
    }
    setDraft({ ...draft, endDate })
    void save('dates', { endDate })
  }

  function changeColor(key: 'color' | 'textColor', value: string) {
    const next = { ...draft, [key]: value }
    setDraft(next)
    clearTimeout(colorTimer.current)
    colorTimer.current = setTimeout(
      () => void save('colors', { color: next.color, textColor: next.textColor }),
      500
    )
  }

  function choose(field: FieldName, key: keyof Editable, raw: string) {
    const value = raw === '' ? null : Number(raw)
    setDraft({ ...draft, [key]: value })
    void save(field, { [key]: value })
  }

  return (
    <section className="sc-section" aria-labelledby="project-details-heading">
      <h2 id="project-details-heading" className="sc-visually-hidden">
        Details
      </h2>
      <div className="sc-form-grid">
        <div className="sc-wide">
          <FieldLabel htmlFor="project-name" save={saves.name}>
            Name
          </FieldLabel>
          <input
            id="project-name"
            required
            maxLength={200}
            value={draft.name}
            onChange={(event) => setDraft({ ...draft, name: event.target.value })}
            onBlur={() => {
              const name = draft.name.trim()
              if (name === '') {
                setDraft({ ...draft, name: project.name })
                setSaves((current) => ({
                  ...current,
                  name: { state: 'error', message: 'A project needs a name.' },
                }))
                return
              }
              void save('name', { name })
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.currentTarget.blur()
              }
            }}
          />
        </div>
        <div>
          <FieldLabel htmlFor="project-start" save={saves.dates}>
            First day
          </FieldLabel>
          <input
            id="project-start"
            type="date"
            required
            value={draft.startDate}
            onChange={(event) => changeStart(event.target.value)}
          />
        </div>
        <div>
          <label htmlFor="project-end">Last day</label>
          <input
            id="project-end"
            type="date"
            required
            min={draft.startDate}
            value={draft.endDate}
            onChange={(event) => changeEnd(event.target.value)}
          />
        </div>
        <div>
          <FieldLabel htmlFor="project-status" save={saves.status}>
            Status
          </FieldLabel>
          <select
            id="project-status"
            value={draft.projectStatusId ?? ''}
            onChange={(event) => choose('status', 'projectStatusId', event.target.value)}
          >
            <option value="">No status</option>
            {lookups.projectStatuses.map((status) => (
              <option key={status.id} value={status.id}>
                {status.icon ? `${status.icon} ${status.name}` : status.name}
              </option>
            ))}
          </select>
        </div>
        <ChoiceField
          id="project-client"
          label="Client"
          none="No client"
          save={saves.clientId}
          value={draft.clientId}
          options={props.clients}
          onChange={(raw) => choose('clientId', 'clientId', raw)}
        />
        <ChoiceField
          id="project-location"
          label="Location"
          none="No location"
          save={saves.locationId}
          value={draft.locationId}
          options={props.locations}
          onChange={(raw) => choose('locationId', 'locationId', raw)}
        />
        <ChoiceField
          id="project-region"
          label="Region"
          none="No region"
          save={saves.regionId}
          value={draft.regionId}
          options={lookups.regions}
          onChange={(raw) => choose('regionId', 'regionId', raw)}
        />
        <div className="sc-colors">
          <div className="sc-label-row">
            <span className="sc-label">Colours</span>
            <SaveFeedback save={saves.colors} />
          </div>
          <div className="sc-color-pair">
            <label htmlFor="project-color" className="sc-inline-label">
              Colour
              <input
                id="project-color"
                type="color"
                value={draft.color}
                onChange={(event) => changeColor('color', event.target.value)}
              />
            </label>
            <label htmlFor="project-text-color" className="sc-inline-label">
              Text
              <input
                id="project-text-color"
                type="color"
                value={draft.textColor}
                onChange={(event) => changeColor('textColor', event.target.value)}
              />
            </label>
            <span
              className="sc-color-preview"
              style={{ background: draft.color, color: draft.textColor }}
            >
              {draft.name || 'Project'}
            </span>
          </div>
        </div>
        <div className="sc-wide">
          <FieldLabel htmlFor="project-notes" save={saves.notes}>
            Notes
          </FieldLabel>
          <textarea
            id="project-notes"
            className="sc-textarea"
            rows={4}
            maxLength={10000}
            value={draft.notes ?? ''}
            onChange={(event) => setDraft({ ...draft, notes: event.target.value })}
            onBlur={() => void save('notes', { notes: draft.notes?.trim() ? draft.notes : null })}
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
  save: SaveState | undefined
  value: number | null
  options: { id: number; name: string }[]
  onChange: (raw: string) => void
}) {
  return (
    <div>
      <FieldLabel htmlFor={props.id} save={props.save}>
        {props.label}
      </FieldLabel>
      <select
        id={props.id}
        value={props.value ?? ''}
        onChange={(event) => props.onChange(event.target.value)}
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
