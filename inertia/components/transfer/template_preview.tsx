import { useEffect, useState } from 'react'
import { api, fieldErrors } from '~/components/shared/api'

import type { Data } from '~generated/data'

type RenderedEmail = Data.Transfer.EmailPreview

/**
 * The email as a recipient would see it, with sample data, for the text being
 * edited (saved or not). The page opens with the preview of the text it
 * opened with (`opened`), so that shows at once; any other text is previewed
 * by the API after a pause in typing. The HTML is shown in a sandboxed frame
 * with no permissions at all: no scripts, no forms, its own opaque origin.
 */
export function TemplatePreview(props: {
  type: string
  subject: string
  body: string
  opened: { subject: string; body: string; preview: RenderedEmail | null }
}) {
  const { opened } = props
  const asOpened = props.subject === opened.subject && props.body === opened.body
  const showsOpened = asOpened && opened.preview !== null
  const [rendered, setRendered] = useState<RenderedEmail | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})

  useEffect(() => {
    if (showsOpened) {
      return
    }
    let current = true
    // Waits for a pause in typing, so the preview does not cost a request per key.
    const timer = setTimeout(() => {
      api<RenderedEmail>('POST', `/api/email-templates/${props.type}/preview`, {
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
  }, [props.type, props.subject, props.body, showsOpened])

  const shown = showsOpened ? opened.preview : rendered
  const problems = showsOpened ? [] : Object.values(errors)
  return (
    <section aria-label="Preview" className="tx-preview">
      <h2>Preview</h2>
      {problems.length > 0 && (
        <p className="error small" role="alert">
          The preview is out of date: {problems.join(' ')}
        </p>
      )}
      {shown === null ? (
        <p className="muted">Loading…</p>
      ) : (
        <>
          <p>
            <span className="muted small">Subject: </span>
            <strong data-testid="preview-subject">{shown.subject}</strong>
          </p>
          <iframe title="Email preview" sandbox="" srcDoc={shown.html} />
        </>
      )}
    </section>
  )
}
