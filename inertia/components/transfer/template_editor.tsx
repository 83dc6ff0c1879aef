import { useRef, useState, type FormEvent } from 'react'
import type { Data } from '~generated/data'
import { api, fieldErrors } from '~/components/shared/api'
import { ConfirmButton } from '~/components/shared/confirm_button'
import { TemplatePreview } from '~/components/transfer/template_preview'

type EmailTemplateEntry = Data.Transfer.EmailTemplate

/**
 * Edits one email template: subject and body with {{placeholders}}, the
 * placeholders this email offers (a click inserts one into the body), a live
 * preview, saving and going back to the shipped text.
 */
export function TemplateEditor(props: {
  template: EmailTemplateEntry
  /** The text the page opened with and its preview, rendered with the page. */
  opened: { subject: string; body: string; preview: Data.Transfer.EmailPreview | null }
  onSaved: (template: EmailTemplateEntry, notice: string) => void
}) {
  const { template } = props
  const [subject, setSubject] = useState(template.subject)
  const [body, setBody] = useState(template.body)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const bodyField = useRef<HTMLTextAreaElement>(null)
  const changed = subject !== template.subject || body !== template.body

  async function save(event: FormEvent) {
    event.preventDefault()
    await run(async () => {
      const saved = await api<EmailTemplateEntry>('PUT', `/api/email-templates/${template.type}`, {
        subject,
        body,
      })
      setSubject(saved.subject)
      setBody(saved.body)
      props.onSaved(saved, 'Saved. Emails of this kind use the new text from now on.')
    })
  }

  async function restoreDefault() {
    await run(async () => {
      await api('DELETE', `/api/email-templates/${template.type}`)
      const restored = await api<EmailTemplateEntry>('GET', `/api/email-templates/${template.type}`)
      setSubject(restored.subject)
      setBody(restored.body)
      props.onSaved(restored, 'The shipped text is back.')
    })
  }

  async function run(action: () => Promise<void>) {
    setBusy(true)
    setErrors({})
    try {
      await action()
    } catch (error) {
      setErrors(fieldErrors(error))
    } finally {
      setBusy(false)
    }
  }

  /** Puts {{name}} where the cursor is in the body. */
  function insert(name: string) {
    const field = bodyField.current
    const token = `{{${name}}}`
    const start = field?.selectionStart ?? body.length
    const end = field?.selectionEnd ?? body.length
    setBody(body.slice(0, start) + token + body.slice(end))
    requestAnimationFrame(() => {
      field?.focus()
      field?.setSelectionRange(start + token.length, start + token.length)
    })
  }

  return (
    <div className="tx-template">
      <form onSubmit={save} aria-label="Edit the template">
        <p className="muted">{template.description}</p>
        <label htmlFor="template-subject">Subject</label>
        <input
          id="template-subject"
          required
          maxLength={200}
          value={subject}
          aria-invalid={errors.subject ? true : undefined}
          onChange={(event) => setSubject(event.target.value)}
        />
        {errors.subject && <p className="error small">{errors.subject}</p>}
        <label htmlFor="template-body">Body</label>
        <textarea
          id="template-body"
          ref={bodyField}
          required
          rows={10}
          maxLength={20_000}
          value={body}
          aria-invalid={errors.body ? true : undefined}
          onChange={(event) => setBody(event.target.value)}
        />
        {errors.body && <p className="error small">{errors.body}</p>}
        <p className="muted small">
          Plain text: a blank line starts a new paragraph, and web addresses become links.
        </p>
        <h3>Placeholders</h3>
        <ul className="tx-placeholders">
          {Object.entries(template.placeholders).map(([name, description]) => (
            <li key={name}>
              <button
                type="button"
                className="link"
                title="Insert into the body"
                onClick={() => insert(name)}
              >
                <code>{`{{${name}}}`}</code>
              </button>{' '}
              <span className="muted small">{description}</span>
            </li>
          ))}
        </ul>
        {errors.form && (
          <p className="error" role="alert">
            {errors.form}
          </p>
        )}
        <div className="tx-actions">
          <button type="submit" disabled={busy || !changed}>
            Save template
          </button>
          <ConfirmButton
            danger
            label="Restore default"
            title="Restore the shipped text?"
            confirmLabel="Restore default"
            disabled={busy || template.isDefault}
            onConfirm={restoreDefault}
          >
            <p>Your changes to this email are replaced by the text transfer ships with.</p>
          </ConfirmButton>
        </div>
      </form>
      <TemplatePreview type={template.type} subject={subject} body={body} opened={props.opened} />
    </div>
  )
}
