import { useEffect, useState } from 'react'
import type { Data } from '~generated/data'
import { api, fieldErrors } from '~/components/shared/api'
import { DocumentFrame } from '~/components/shared/ui/document_frame'
import { FactList } from '~/components/shared/ui/fact_list'
import { Notice } from '~/components/shared/ui/notice'
import { Skeleton } from '~/components/shared/ui/skeleton'

type RenderedEmail = Data.Transfer.EmailPreview

/**
 * The email as a recipient would see it, with sample data, for the text being
 * edited (saved or not). The page opens with the preview of the text it
 * opened with (`opened`), so that shows at once; any other text is previewed
 * by the API after a pause in typing. The HTML is shown in a DocumentFrame,
 * which may run nothing.
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
    <section aria-labelledby="preview-heading" className="ui-panel ui-stack">
      <h2 id="preview-heading">Preview</h2>
      <p className="ui-muted">With sample data, as a recipient’s mail program shows it.</p>
      {problems.length > 0 && (
        <Notice tone="warning" role="alert">
          The preview is out of date: {problems.join(' ')}
        </Notice>
      )}
      {shown === null ? (
        <div className="ui-stack" role="status" aria-busy="true">
          <span className="ui-visually-hidden">Loading the preview…</span>
          <Skeleton height="1.5rem" width="60%" />
          <Skeleton height="20rem" />
        </div>
      ) : (
        <>
          <FactList
            facts={[
              {
                label: 'Subject',
                value: <strong data-testid="preview-subject">{shown.subject}</strong>,
              },
            ]}
          />
          <DocumentFrame title="Email preview" html={shown.html} />
        </>
      )}
    </section>
  )
}
