import { useState, type FormEvent } from 'react'
import { Link } from '@inertiajs/react'
import { fieldErrors } from '~/components/shared/api'
import { Button } from '~/components/shared/ui/button'
import { Checkbox } from '~/components/shared/ui/checkbox'
import { Field, Textarea, TextInput } from '~/components/shared/ui/field'
import { InlineStatus } from '~/components/shared/ui/inline_status'
import { Select } from '~/components/shared/ui/select'
import { TimeInput } from '~/components/shared/ui/time_input'
import { AddressLookupInput, type PickedPlace } from './address_lookup_input'

export type FieldSpec = {
  key: string
  label: string
  /**
   * `address`: free text with place suggestions that also fill `lat` and `lng`;
   * `time`: 'HH:MM' or nothing.
   */
  type?:
    | 'text'
    | 'email'
    | 'tel'
    | 'url'
    | 'textarea'
    | 'number'
    | 'checkbox'
    | 'select'
    | 'address'
    | 'time'
  /** A short help text under the label. */
  hint?: string
  options?: { value: number; label: string }[]
  required?: boolean
  maxLength?: number
  /** Spans the whole width of the form grid. */
  wide?: boolean
}

export type RecordValues = Record<string, unknown>

/**
 * The edit form of a record from a list of fields: empty text becomes null,
 * selects hold ids, each 422 field error shows under its field. `onSubmit`
 * throws to report a failure. It starts from `initial` when mounted: give it
 * a `key` that changes with the record to start over.
 */
export function RecordForm(props: {
  name: string
  fields: FieldSpec[]
  initial: RecordValues
  submitLabel: string
  onSubmit: (values: RecordValues) => Promise<void>
  onCancel?: () => void
}) {
  const [values, setValues] = useState<RecordValues>(props.initial)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const [saved, setSaved] = useState(false)

  function set(key: string, value: unknown) {
    setValues((current) => ({ ...current, [key]: value }))
    setSaved(false)
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    setErrors({})
    try {
      await props.onSubmit(cleaned(props.fields, values))
      setSaved(true)
    } catch (error) {
      setErrors(fieldErrors(error))
    } finally {
      setBusy(false)
    }
  }

  const failed = Object.keys(errors).length > 0
  return (
    <form className="sc-record-form" onSubmit={submit} aria-label={props.name}>
      <div className="ui-form-grid">
        {props.fields.map((field) => {
          const error = errors[field.key] ?? null
          const full = field.wide || field.type === 'textarea'
          if (field.type === 'checkbox') {
            return (
              <Checkbox
                key={field.key}
                className={full ? 'ui-form-grid-full' : undefined}
                label={field.label}
                error={error}
                checked={Boolean(values[field.key])}
                onChange={(event) => set(field.key, event.target.checked)}
              />
            )
          }
          return (
            <Field
              key={field.key}
              className={full ? 'ui-form-grid-full' : undefined}
              label={field.label}
              required={field.required}
              error={error}
              hint={
                field.hint ??
                (field.type === 'select' && field.options?.length === 0 ? (
                  <>
                    None to choose yet: add them in <Link href="/settings">Lists</Link>.
                  </>
                ) : undefined)
              }
            >
              <FieldInput
                field={field}
                value={values[field.key]}
                onChange={(value) => set(field.key, value)}
                onPick={(place) => {
                  setValues((current) => ({
                    ...current,
                    [field.key]: place.address,
                    ...coordinates(place),
                  }))
                  setSaved(false)
                }}
              />
            </Field>
          )
        })}
      </div>
      <div className="ui-cluster">
        <Button type="submit" loading={busy}>
          {props.submitLabel}
        </Button>
        {props.onCancel && (
          <Button variant="secondary" onClick={props.onCancel}>
            Cancel
          </Button>
        )}
        <InlineStatus
          state={busy ? 'saving' : failed ? 'error' : saved ? 'saved' : 'idle'}
          errorText={errors.form ?? 'Not saved: see the fields marked above.'}
        />
      </div>
    </form>
  )
}

/** "No choice" in a select (Radix keeps the empty value for its placeholder). */
const NONE = 'none'

/** A picked place's coordinates, as the number fields hold them (kept when it has none). */
function coordinates(place: PickedPlace) {
  return place.lat !== null && place.lng !== null ? { lat: place.lat, lng: place.lng } : {}
}

function FieldInput(props: {
  field: FieldSpec
  value: unknown
  onChange: (value: unknown) => void
  onPick: (place: PickedPlace) => void
}) {
  const { field } = props
  const text = props.value === null || props.value === undefined ? '' : String(props.value)
  if (field.type === 'address') {
    return (
      <AddressLookupInput
        value={text}
        maxLength={field.maxLength}
        onChange={props.onChange}
        onPick={props.onPick}
      />
    )
  }
  if (field.type === 'time') {
    return <TimeInput value={text} onChange={props.onChange} />
  }
  if (field.type === 'textarea') {
    return (
      <Textarea
        rows={3}
        maxLength={field.maxLength ?? 10000}
        value={text}
        onChange={(event) => props.onChange(event.target.value)}
      />
    )
  }
  if (field.type === 'select') {
    return (
      <Select
        value={text || NONE}
        onValueChange={(picked) => props.onChange(picked === NONE ? '' : picked)}
        options={[
          { value: NONE, label: 'None' },
          ...(field.options ?? []).map((option) => ({
            value: String(option.value),
            label: option.label,
          })),
        ]}
      />
    )
  }
  return (
    <TextInput
      type={field.type ?? 'text'}
      maxLength={field.type === 'number' ? undefined : (field.maxLength ?? 200)}
      step={field.type === 'number' ? 'any' : undefined}
      inputMode={field.type === 'number' ? 'decimal' : undefined}
      value={text}
      onChange={(event) => props.onChange(event.target.value)}
    />
  )
}

/** What the API expects: trimmed text or null, numbers, ids or null, booleans. */
function cleaned(fields: FieldSpec[], values: RecordValues): RecordValues {
  const result: RecordValues = {}
  for (const field of fields) {
    const value = values[field.key]
    if (field.type === 'checkbox') {
      result[field.key] = Boolean(value)
    } else if (field.type === 'number' || field.type === 'select') {
      result[field.key] =
        value === '' || value === null || value === undefined ? null : Number(value)
    } else {
      const text = typeof value === 'string' ? value.trim() : ''
      result[field.key] = text === '' && !field.required ? null : text
    }
  }
  return result
}
