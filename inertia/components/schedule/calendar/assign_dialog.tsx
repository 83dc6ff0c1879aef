import { useEffect, useRef, useState, type FormEvent } from 'react'
import type { Data } from '~generated/data'
import { formatRange } from '~/components/shared/dates'

type Status = Data.Schedule.Status
import type { CalendarProject, PeoplePerson } from './calendar_types'

/** Books a person on one of the projects in view (the keyboard way of dropping a project on their row). */
export function AssignDialog(props: {
  person: PeoplePerson | null
  projects: CalendarProject[]
  statuses: Status[]
  onCancel: () => void
  onAssign: (person: PeoplePerson, project: CalendarProject, statusId: number | null) => void
}) {
  const dialog = useRef<HTMLDialogElement>(null)
  const { person } = props
  const open = person !== null

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (open && !element.open) element.showModal()
    if (!open && element.open) element.close()
  }, [open])

  return (
    <dialog
      ref={dialog}
      className="cal-dialog"
      aria-label={person ? `Assign ${person.name}` : 'Assign'}
      onCancel={(event) => {
        event.preventDefault()
        props.onCancel()
      }}
    >
      {person && <AssignForm key={`${person.kind}:${person.id}`} {...props} person={person} />}
    </dialog>
  )
}

function AssignForm(props: {
  person: PeoplePerson
  projects: CalendarProject[]
  statuses: Status[]
  onCancel: () => void
  onAssign: (person: PeoplePerson, project: CalendarProject, statusId: number | null) => void
}) {
  const { person } = props
  const [projectId, setProjectId] = useState('')
  const [statusId, setStatusId] = useState('')
  const defaultStatus = props.statuses.find((status) => status.isDefault)
  const chosenStatus = statusId || String(defaultStatus?.id ?? '')

  function submit(event: FormEvent) {
    event.preventDefault()
    const project = props.projects.find((item) => item.id === Number(projectId))
    if (!project) return
    props.onAssign(person, project, chosenStatus ? Number(chosenStatus) : null)
  }

  return (
    <form onSubmit={submit}>
      <h2>Assign {person.name}</h2>
      {props.projects.length === 0 ? (
        <p className="muted">No projects run in the days shown.</p>
      ) : (
        <>
          <label htmlFor="cal-assign-project">Project</label>
          <select
            id="cal-assign-project"
            value={projectId}
            onChange={(event) => setProjectId(event.target.value)}
            required
          >
            <option value="">Choose a project</option>
            {props.projects.map((project) => (
              <option key={project.id} value={project.id}>
                {project.name} ({formatRange(project.startDate, project.endDate, { compact: true })}
                )
              </option>
            ))}
          </select>
          <label htmlFor="cal-assign-status">Status</label>
          <select
            id="cal-assign-status"
            value={chosenStatus}
            onChange={(event) => setStatusId(event.target.value)}
          >
            {!defaultStatus && <option value="">No status</option>}
            {props.statuses.map((status) => (
              <option key={status.id} value={status.id}>
                {status.name}
              </option>
            ))}
          </select>
        </>
      )}
      <div className="cal-dialog-buttons">
        <button type="button" className="secondary" onClick={props.onCancel}>
          Cancel
        </button>
        <button type="submit" disabled={props.projects.length === 0}>
          Assign
        </button>
      </div>
    </form>
  )
}
