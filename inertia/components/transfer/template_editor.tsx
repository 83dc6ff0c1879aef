import { useRef, useState, type FormEvent } from 'react'
import type { Data } from '~generated/data'
import { api, fieldErrors } from '~/components/shared/api'
import { Button } from '~/components/shared/ui/button'
import { ConfirmDialog } from '~/components/shared/ui/confirm_dialog'
import { Field, Textarea, TextInput } from '~/components/shared/ui/field'
import { InlineStatus, type InlineState } from '~/components/shared/ui/inline_status'
import { TemplatePreview } from '~/components/transfer/template_preview'

type EmailTemplateEntry = Data.Transfer.EmailTemplate

/**
 * Edits one email template: subject and body with {{placeholders}}, the
 * placeholders this email offers (a click inserts one into the body), a live
 * preview beside it, saving and going back to the shipped text, with the
 * outcome beside the buttons.
 */
export function TemplateEditor(props: {
  template: EmailTemplateEntry
  /** The text the page opened with and its preview, rendered with the page. */
  opened: { subject: string; body: string; preview: Data.Transfer.EmailPreview | null }
  onSaved: (template: EmailTemplateEntry) => void
}) {
  const { template } = props
  const [subject, setSubject] = useState(template.subject)
  const [body, setBody] = useState(template.body)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [state, setState] = useState<InlineState>('idle')
  const [savedText, setSavedText] = useState('Saved')
  const bodyField = useRef<HTMLTextAreaElement>(null)
  const changed = subject !== template.subject || body !== template.body

  async function save(event: FormEvent) {
    event.preventDefault()
    await run('Saved. Emails of this kind use the new text from now on.', async () => {
      const saved = await api<EmailTemplateEntry>('PUT', `/api/email-templates/${template.type}`, {
        subject,
        body,
      })
      setSubject(saved.subject)
      setBody(saved.body)
      props.onSaved(saved)
    })
  }

  async function restoreDefault() {
    await run('The shipped text is back.', async () => {
      await api('DELETE', `/api/email-templates/${template.type}`)
      const restored = await api<EmailTemplateEntry>('GET', `/api/email-templates/${template.type}`)
      setSubject(restored.subject)
      setBody(restored.body)
      props.onSaved(restored)
    })
  }

  async function run(done: string, action: () => Promise<void>) {
    setState('saving')
    setErrors({})
    try {
      await action()
      setSavedText(done)
      setState('saved')
    } catch (error) {
      setErrors(fieldErrors(error))
      setState('error')
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

  const busy = state === 'saving'
  return (
    <div className="ui-split">
      <form onSubmit={save} aria-label="Edit the template" className="ui-panel ui-stack" noValidate>
        <h2>Text</h2>
        <Field label="Subject" error={errors.subject} required>
          <TextInput
            maxLength={200}
            value={subject}
            onChange={(event) => setSubject(event.target.value)}
          />
        </Field>
        <Field
          label="Body"
          hint="Plain text: a blank line starts a new paragraph, and web addresses become links."
          error={errors.body}
          required
        >
          <Textarea
            ref={bodyField}
            rows={12}
            maxLength={20_000}
            value={body}
            onChange={(event) => setBody(event.target.value)}
          />
        </Field>
        <h3 id="placeholders-heading">Placeholders</h3>
        <p className="ui-muted">
          Filled in for each email. Choose one to put it where the cursor is in the body.
        </p>
        <ul className="ui-link-list" aria-labelledby="placeholders-heading">
          {Object.entries(template.placeholders).map(([name, description]) => (
            <li key={name} className="ui-cluster">
              <Button size="small" variant="secondary" onClick={() => insert(name)}>
                <code>{`{{${name}}}`}</code>
              </Button>
              <span className="ui-muted">{description}</span>
            </li>
          ))}
        </ul>
        <div className="ui-cluster">
          <Button type="submit" loading={busy} disabled={!changed}>
            Save template
          </Button>
          <ConfirmDialog
            trigger={
              <Button variant="secondary" disabled={busy || template.isDefault}>
                Restore default
              </Button>
            }
            title="Restore the shipped text?"
            description="Your changes to this email are replaced by the text transfer ships with."
            confirmLabel="Restore default"
            onConfirm={restoreDefault}
          />
          <InlineStatus
            state={state}
            savedText={savedText}
            errorText={errors.form ?? 'Not saved: see the reason beside the field.'}
          />
        </div>
      </form>
      <TemplatePreview type={template.type} subject={subject} body={body} opened={props.opened} />
    </div>
  )
}
