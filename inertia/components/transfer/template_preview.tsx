import { useEffect, useState } from 'react'
import { api, fieldErrors } from '~/components/shared/api'

type Rendered = { subject: string; html: string; text: string }

/**
 * The email as a recipient would see it, with sample data, for the text being
 * edited (saved or not). The HTML is shown in a sandboxed frame with no
 * permissions at all: no scripts, no forms, its own opaque origin.
 */
export function TemplatePreview(props: { type: string; subject: string; body: string }) {
  const [rendered, setRendered] = useState<Rendered | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})

  useEffect(() => {
    let current = true
    // Waits for a pause in typing, so the preview does not cost a request per key.
    const timer = setTimeout(() => {
      api<Rendered>('POST', `/api/email-templates/${props.type}/preview`, {
        subject: props.subject,
        body: props.body,
      })
        .then((result) => {
          if (current) {
            setRendered(result)
            setErrors({})
          }
        })
        .catch((error: unknown) => {
          if (current) {
            setErrors(fieldErrors(error))
          }
        })
    }, 400)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [props.type, props.subject, props.body])

  const problems = Object.values(errors)
  return (
    <section aria-label="Preview" className="tx-preview">
      <h2>Preview</h2>
      {problems.length > 0 && (
        <p className="error small" role="alert">
          The preview is out of date: {problems.join(' ')}
        </p>
      )}
      {rendered === null ? (
        <p className="muted">Loading…</p>
      ) : (
        <>
          <p>
            <span className="muted small">Subject: </span>
            <strong data-testid="preview-subject">{rendered.subject}</strong>
          </p>
          <iframe title="Email preview" sandbox="" srcDoc={rendered.html} />
        </>
      )}
    </section>
  )
}
