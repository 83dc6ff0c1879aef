import { useState } from 'react'
import { fieldMessages } from './field_messages'

/**
 * One request at a time from a page: `run` clears the last outcome, marks the
 * page busy, and keeps either the success message or the field errors.
 */
export function useAction() {
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [status, setStatus] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function run(action: () => Promise<string | null>) {
    setBusy(true)
    setErrors({})
    setStatus(null)
    try {
      setStatus(await action())
    } catch (error) {
      setErrors(fieldMessages(error))
    } finally {
      setBusy(false)
    }
  }

  return { errors, status, busy, run }
}

/** The outcome of the last action: its message, or an error not tied to a field. */
export function ActionOutcome(props: { status: string | null; errors: Record<string, string> }) {
  return (
    <>
      {props.status && (
        <p className="notice" role="status">
          {props.status}
        </p>
      )}
      {props.errors.form && (
        <p className="error" role="alert">
          {props.errors.form}
        </p>
      )}
    </>
  )
}
