import { useState, type FormEvent } from 'react'
import type { Data } from '~generated/data'
import { formatRange } from '~/components/shared/dates'
import { Button } from '~/components/shared/ui/button'
import { DatePicker } from '~/components/shared/ui/date_picker'
import { Dialog, DialogClose } from '~/components/shared/ui/dialog'
import { Field, TextInput } from '~/components/shared/ui/field'
import { Select } from '~/components/shared/ui/select'
import { type DateRange } from './calendar_dates'
import { StatusField } from './status_field'

export type NewProject = {
  name: string
  startDate: string
  endDate: string
  clientId: number | null
  projectStatusId: number | null
}

/** Radix Select keeps '' for "nothing chosen": "No client" is a value of its own. */
const NO_CLIENT = 'none'

/**
 * Asks for what a dragged-out project needs besides its days: a name, and
 * optionally a client (of `clients`, the calendar page's props) and a
 * status. Open while `range` is set.
 */
export function NewProjectDialog(props: {
  range: DateRange | null
  clients: Data.Schedule.Client[]
  projectStatuses: Data.Schedule.ProjectStatus[]
  onCancel: () => void
  onCreate: (project: NewProject) => void
}) {
  return (
    <Dialog
      title="New project"
      open={props.range !== null}
      onOpenChange={(open) => !open && props.onCancel()}
    >
      {props.range && (
        <NewProjectForm
          key={`${props.range.from}:${props.range.to}`}
          range={props.range}
          clients={props.clients}
          projectStatuses={props.projectStatuses}
          onCreate={props.onCreate}
        />
      )}
    </Dialog>
  )
}

function NewProjectForm(props: {
  range: DateRange
  clients: Data.Schedule.Client[]
  projectStatuses: Data.Schedule.ProjectStatus[]
  onCreate: (project: NewProject) => void
}) {
  const defaultStatus = props.projectStatuses.find((status) => status.isDefault)
  const [name, setName] = useState('')
  const [startDate, setStartDate] = useState(props.range.from)
  const [endDate, setEndDate] = useState(props.range.to)
  const [clientId, setClientId] = useState(NO_CLIENT)
  const [statusId, setStatusId] = useState(defaultStatus ? String(defaultStatus.id) : '')
  const [errors, setErrors] = useState<{ name?: string; startDate?: string }>({})
  // An end before the start is read as a one-day project on the start.
  const lastDay = endDate && endDate >= startDate ? endDate : startDate

  function submit(event: FormEvent) {
    event.preventDefault()
    const found = {
      name: name.trim() ? undefined : 'Give the project a name.',
      startDate: startDate ? undefined : 'Choose the first day.',
    }
    setErrors(found)
    if (found.name || found.startDate) return
    props.onCreate({
      name: name.trim(),
      startDate,
      endDate: lastDay,
      clientId: clientId === NO_CLIENT ? null : Number(clientId),
      projectStatusId: statusId ? Number(statusId) : null,
    })
  }

  return (
    <form onSubmit={submit} className="ui-stack" noValidate>
      {startDate && (
        <p className="ui-muted">{formatRange(startDate, lastDay, { compact: true })}</p>
      )}
      <Field label="Name" required error={errors.name}>
        <TextInput
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={200}
          autoFocus
          autoComplete="off"
        />
      </Field>
      <div className="ui-form-grid">
        <Field label="Start" required error={errors.startDate}>
          <DatePicker value={startDate} onChange={setStartDate} />
        </Field>
        <Field label="End">
          <DatePicker value={endDate} onChange={setEndDate} />
        </Field>
      </div>
      <Field label="Client (optional)">
        <Select
          value={clientId}
          onValueChange={setClientId}
          options={[
            { value: NO_CLIENT, label: 'No client' },
            ...props.clients.map((client) => ({ value: String(client.id), label: client.name })),
          ]}
        />
      </Field>
      <StatusField value={statusId} onValueChange={setStatusId} statuses={props.projectStatuses} />
      <div className="ui-dialog-footer">
        <DialogClose>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit">Create project</Button>
      </div>
    </form>
  )
}
