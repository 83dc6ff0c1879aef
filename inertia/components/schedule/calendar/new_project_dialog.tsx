import { useEffect, useRef, useState, type FormEvent } from 'react'
import type { Data } from '~generated/data'
import { formatRange } from '~/components/shared/dates'
import { type DateRange } from './calendar_dates'
import { useApiData } from './use_api_data'

export type NewProject = {
  name: string
  startDate: string
  endDate: string
  clientId: number | null
  projectStatusId: number | null
}

/**
 * Asks for what a dragged-out project needs besides its days: a name, and
 * optionally a client and a status. Open while `range` is set.
 */
export function NewProjectDialog(props: {
  range: DateRange | null
  projectStatuses: Data.Schedule.ProjectStatus[]
  onCancel: () => void
  onCreate: (project: NewProject) => void
}) {
  const dialog = useRef<HTMLDialogElement>(null)
  const open = props.range !== null

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
      aria-labelledby="cal-new-project-title"
      onCancel={(event) => {
        event.preventDefault()
        props.onCancel()
      }}
    >
      {props.range && (
        <NewProjectForm
          key={`${props.range.from}:${props.range.to}`}
          range={props.range}
          projectStatuses={props.projectStatuses}
          onCancel={props.onCancel}
          onCreate={props.onCreate}
        />
      )}
    </dialog>
  )
}

function NewProjectForm(props: {
  range: DateRange
  projectStatuses: Data.Schedule.ProjectStatus[]
  onCancel: () => void
  onCreate: (project: NewProject) => void
}) {
  const clients = useApiData<Data.Schedule.Client[]>('/api/clients')
  const [name, setName] = useState('')
  const [startDate, setStartDate] = useState(props.range.from)
  const [endDate, setEndDate] = useState(props.range.to)
  const [clientId, setClientId] = useState('')
  const [statusId, setStatusId] = useState('')

  const defaultStatus = props.projectStatuses.find((status) => status.isDefault)

  function submit(event: FormEvent) {
    event.preventDefault()
    props.onCreate({
      name: name.trim(),
      startDate,
      endDate: endDate < startDate ? startDate : endDate,
      clientId: clientId ? Number(clientId) : null,
      projectStatusId: statusId ? Number(statusId) : (defaultStatus?.id ?? null),
    })
  }

  return (
    <form onSubmit={submit} aria-labelledby="cal-new-project-title">
      <h2 id="cal-new-project-title">New project</h2>
      <p className="muted small">
        {formatRange(startDate, endDate < startDate ? startDate : endDate, { compact: true })}
      </p>
      <label htmlFor="cal-new-project-name">Name</label>
      <input
        id="cal-new-project-name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        required
        maxLength={200}
        autoFocus
        autoComplete="off"
      />
      <div className="cal-dialog-row">
        <div>
          <label htmlFor="cal-new-project-start">Start</label>
          <input
            id="cal-new-project-start"
            type="date"
            value={startDate}
            onChange={(event) => setStartDate(event.target.value)}
            required
          />
        </div>
        <div>
          <label htmlFor="cal-new-project-end">End</label>
          <input
            id="cal-new-project-end"
            type="date"
            value={endDate}
            min={startDate}
            onChange={(event) => setEndDate(event.target.value)}
            required
          />
        </div>
      </div>
      <label htmlFor="cal-new-project-client">Client (optional)</label>
      <select
        id="cal-new-project-client"
        value={clientId}
        onChange={(event) => setClientId(event.target.value)}
      >
        <option value="">No client</option>
        {clients.data?.map((client) => (
          <option key={client.id} value={client.id}>
            {client.name}
          </option>
        ))}
      </select>
      <label htmlFor="cal-new-project-status">Status</label>
      <select
        id="cal-new-project-status"
        value={statusId || String(defaultStatus?.id ?? '')}
        onChange={(event) => setStatusId(event.target.value)}
      >
        {!defaultStatus && <option value="">No status</option>}
        {props.projectStatuses.map((status) => (
          <option key={status.id} value={status.id}>
            {status.name}
          </option>
        ))}
      </select>
      <div className="cal-dialog-buttons">
        <button type="button" className="secondary" onClick={props.onCancel}>
          Cancel
        </button>
        <button type="submit">Create project</button>
      </div>
    </form>
  )
}
