import { useState } from 'react'
import { fieldErrors, type FieldErrors } from '~/components/shared/api'
import { InlineStatus, type InlineState } from '~/components/shared/ui/inline_status'

/**
 * One request at a time from a page: `run` clears the last outcome, marks the
 * page busy, and keeps either the success message or the errors `describe`
 * makes of the failure. `reject` shows errors found before any request.
 */
export function useAction(describe: (error: unknown) => FieldErrors = fieldErrors) {
  const [errors, setErrors] = useState<FieldErrors>({})
  const [status, setStatus] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function run(action: () => Promise<string | null>) {
    setBusy(true)
    setErrors({})
    setStatus(null)
    try {
      setStatus(await action())
    } catch (error) {
      setErrors(describe(error))
    } finally {
      setBusy(false)
    }
  }

  function reject(found: FieldErrors) {
    setStatus(null)
    setErrors(found)
  }

  return { errors, status, busy, run, reject }
}

/**
 * The last action's outcome as save feedback beside its button: "Saving…",
 * the success message, or what went wrong (errors tied to a field are shown
 * at the field, so here it only points to them).
 */
export function ActionStatus(props: { busy: boolean; status: string | null; errors: FieldErrors }) {
  const fieldProblems = Object.keys(props.errors).some((key) => key !== 'form')
  const state: InlineState = props.busy
    ? 'saving'
    : props.status
      ? 'saved'
      : props.errors.form || fieldProblems
        ? 'error'
        : 'idle'
  return (
    <InlineStatus
      state={state}
      savedText={props.status ?? undefined}
      errorText={props.errors.form ?? 'Not saved: check the fields above.'}
    />
  )
}
