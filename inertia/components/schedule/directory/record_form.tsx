import { useState, type FormEvent } from 'react'
import { Link } from '@inertiajs/react'
import { fieldErrors } from '~/components/shared/api'

export type FieldSpec = {
  key: string
  label: string
  type?: 'text' | 'email' | 'tel' | 'url' | 'textarea' | 'number' | 'checkbox' | 'select'
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

  const prefix = props.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')
  return (
    <form className="sc-record-form" onSubmit={submit} aria-label={props.name}>
      <div className="sc-form-grid">
        {props.fields.map((field) => {
          const id = `${prefix}-${field.key}`
          const value = values[field.key]
          const error = errors[field.key]
          return (
            <div
              key={field.key}
              className={[
                field.wide || field.type === 'textarea' ? 'sc-wide' : '',
                field.type === 'checkbox' ? 'sc-check' : '',
              ]
                .filter(Boolean)
                .join(' ')}
            >
              {field.type === 'checkbox' ? (
                <label htmlFor={id}>
                  <input
                    id={id}
                    type="checkbox"
                    checked={Boolean(value)}
                    onChange={(event) => set(field.key, event.target.checked)}
                  />{' '}
                  {field.label}
                </label>
              ) : (
                <>
                  <label htmlFor={id}>{field.label}</label>
                  <FieldInput
                    id={id}
                    field={field}
                    value={value}
                    onChange={(v) => set(field.key, v)}
                  />
                  {field.type === 'select' && field.options?.length === 0 && (
                    <p id={`${id}-hint`} className="muted small">
                      None to choose yet: add them in <Link href="/settings">Lists</Link>.
                    </p>
                  )}
                </>
              )}
              {error && <p className="error small">{error}</p>}
            </div>
          )
        })}
      </div>
      {errors.form && (
        <p className="error" role="alert">
          {errors.form}
        </p>
      )}
      <div className="sc-buttons">
        <button type="submit" disabled={busy}>
          {busy ? 'Saving…' : props.submitLabel}
        </button>
        {props.onCancel && (
          <button type="button" className="secondary" onClick={props.onCancel}>
            Cancel
          </button>
        )}
        {saved && (
          <span className="notice small" role="status">
            Saved.
          </span>
        )}
      </div>
    </form>
  )
}

function FieldInput(props: {
  id: string
  field: FieldSpec
  value: unknown
  onChange: (value: unknown) => void
}) {
  const { field, id } = props
  const text = props.value === null || props.value === undefined ? '' : String(props.value)
  if (field.type === 'textarea') {
    return (
      <textarea
        id={id}
        className="sc-textarea"
        rows={3}
        maxLength={field.maxLength ?? 10000}
        value={text}
        onChange={(event) => props.onChange(event.target.value)}
      />
    )
  }
  if (field.type === 'select') {
    return (
      <select
        id={id}
        value={text}
        aria-describedby={field.options?.length === 0 ? `${id}-hint` : undefined}
        onChange={(event) => props.onChange(event.target.value)}
      >
        <option value="">—</option>
        {field.options?.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    )
  }
  return (
    <input
      id={id}
      type={field.type ?? 'text'}
      required={field.required}
      maxLength={field.type === 'number' ? undefined : (field.maxLength ?? 200)}
      step={field.type === 'number' ? 'any' : undefined}
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
