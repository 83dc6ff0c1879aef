import { useState, type FormEvent } from 'react'
import type { Data } from '~generated/data'
import { formatRange } from '~/components/shared/dates'
import { Button } from '~/components/shared/ui/button'
import { Dialog, DialogClose } from '~/components/shared/ui/dialog'
import { Field } from '~/components/shared/ui/field'
import { Select } from '~/components/shared/ui/select'
import type { CalendarProject, PeoplePerson } from './calendar_types'
import { StatusField } from './status_field'

type Status = Data.Schedule.Status

/** Books a person on one of the projects in view (the keyboard way of dropping a project on their row). */
export function AssignDialog(props: {
  person: PeoplePerson | null
  projects: CalendarProject[]
  statuses: Status[]
  onCancel: () => void
  onAssign: (person: PeoplePerson, project: CalendarProject, statusId: number | null) => void
}) {
  const { person } = props
  return (
    <Dialog
      title={person ? `Assign ${person.name}` : 'Assign'}
      description="Book them on a project in the days shown."
      open={person !== null}
      onOpenChange={(open) => !open && props.onCancel()}
    >
      {person && <AssignForm key={`${person.kind}:${person.id}`} {...props} person={person} />}
    </Dialog>
  )
}

function AssignForm(props: {
  person: PeoplePerson
  projects: CalendarProject[]
  statuses: Status[]
  onAssign: (person: PeoplePerson, project: CalendarProject, statusId: number | null) => void
}) {
  const { person } = props
  const [projectId, setProjectId] = useState('')
  const [missing, setMissing] = useState(false)
  const defaultStatus = props.statuses.find((status) => status.isDefault)
  const [statusId, setStatusId] = useState(defaultStatus ? String(defaultStatus.id) : '')

  function submit(event: FormEvent) {
    event.preventDefault()
    const project = props.projects.find((item) => item.id === Number(projectId))
    if (!project) {
      setMissing(true)
      return
    }
    props.onAssign(person, project, statusId ? Number(statusId) : null)
  }

  return (
    <form onSubmit={submit} className="ui-stack">
      {props.projects.length === 0 ? (
        <p className="ui-muted">No projects run in the days shown.</p>
      ) : (
        <>
          <Field label="Project" required error={missing ? 'Choose a project.' : null}>
            <Select
              value={projectId}
              placeholder="Choose a project"
              onValueChange={(value) => {
                setProjectId(value)
                setMissing(false)
              }}
              options={props.projects.map((project) => ({
                value: String(project.id),
                label: `${project.name} (${formatRange(project.startDate, project.endDate, { compact: true })})`,
              }))}
            />
          </Field>
          <StatusField value={statusId} onValueChange={setStatusId} statuses={props.statuses} />
        </>
      )}
      <div className="ui-dialog-footer">
        <DialogClose>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={props.projects.length === 0}>
          Assign
        </Button>
      </div>
    </form>
  )
}
