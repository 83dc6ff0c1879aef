import type { Data } from '~generated/data'
import { readableTextColor } from './colors'

/** Anything of the lists with a name and a colour; statuses also have an icon. */
type Labelled = Pick<Data.Schedule.NamedListItem, 'name' | 'color'> &
  Partial<Pick<Data.Schedule.Status, 'icon'>>

/** A status (or project status) as a coloured pill with its icon. */
export function StatusBadge(props: { status: Labelled | null | undefined }) {
  if (!props.status) {
    return <span className="sc-badge sc-badge-none">No status</span>
  }
  const { name, icon, color } = props.status
  return (
    <span
      className="sc-badge"
      style={{ background: color ?? undefined, color: readableTextColor(color) }}
    >
      {icon && <span aria-hidden="true">{icon} </span>}
      {name}
    </span>
  )
}

/**
 * A native select of statuses (styled as the kit's inputs), coloured like the
 * chosen one, which the kit's Select cannot be; each option
 * carries its icon so the list reads like the badges.
 */
export function StatusSelect(props: {
  id?: string
  label: string
  statuses: (Labelled & { id: number })[]
  value: number | null
  allowNone?: boolean
  disabled?: boolean
  onChange: (statusId: number | null) => void
  /** The id of the reason its last save was refused, if it was. */
  errorId?: string
}) {
  const current = props.statuses.find((status) => status.id === props.value)
  return (
    <select
      id={props.id}
      aria-label={props.label}
      aria-describedby={props.errorId}
      aria-invalid={props.errorId ? true : undefined}
      className="ui-input sc-status-select"
      disabled={props.disabled}
      style={
        current?.color
          ? { background: current.color, color: readableTextColor(current.color) }
          : undefined
      }
      value={props.value ?? ''}
      onChange={(event) => props.onChange(event.target.value ? Number(event.target.value) : null)}
    >
      {(props.allowNone || !current) && <option value="">No status</option>}
      {props.statuses.map((status) => (
        <option key={status.id} value={status.id}>
          {status.icon ? `${status.icon} ${status.name}` : status.name}
        </option>
      ))}
    </select>
  )
}

/** A small round swatch of a colour, beside a name. */
export function Swatch(props: { color: string | null | undefined }) {
  return (
    <span
      className="sc-swatch"
      aria-hidden="true"
      style={{ background: props.color ?? 'transparent' }}
    />
  )
}
