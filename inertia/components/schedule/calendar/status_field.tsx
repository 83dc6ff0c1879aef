import { Field } from '~/components/shared/ui/field'
import { Select } from '~/components/shared/ui/select'

/** A status to pick in the calendar's dialogs (a booking's, a project's); '' is none. */
export function StatusField(props: {
  value: string
  onValueChange: (value: string) => void
  statuses: { id: number; name: string }[]
}) {
  return (
    <Field label="Status">
      <Select
        value={props.value}
        placeholder="No status"
        onValueChange={props.onValueChange}
        options={props.statuses.map((status) => ({
          value: String(status.id),
          label: status.name,
        }))}
      />
    </Field>
  )
}
