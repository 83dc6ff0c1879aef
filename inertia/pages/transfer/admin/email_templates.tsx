import { useState, type FormEvent } from 'react'
import type { Data } from '~generated/data'
import { AdminShell } from '~/components/transfer/admin_shell'
import { api, fieldErrors } from '~/components/shared/api'
import { settingLabel } from '~/components/transfer/settings_editor'
import { TemplateEditor } from '~/components/transfer/template_editor'

type Message = { kind: 'error' | 'notice'; text: string }

type Props = {
  user: Data.Transfer.SessionUser | null
  /** Empty for staff: only admins read or edit the templates. */
  templates: Data.Transfer.EmailTemplate[]
  /** Each template's saved text as sent, by type, so the preview shows at once. */
  previews: Record<string, Data.Transfer.EmailPreview>
}

/** Admins edit the emails transfer sends, preview them and send themselves a test. */
export default function EmailTemplatesPage(props: Props) {
  const { user } = props
  const isAdmin = user?.role === 'admin'
  // Saved templates replace their entry here: the editor keeps its text, the list its "(edited)".
  const [templates, setTemplates] = useState(props.templates)
  const [selected, setSelected] = useState<string | null>(props.templates[0]?.type ?? null)
  const [message, setMessage] = useState<Message | null>(null)
  const [testTo, setTestTo] = useState('')
  const [sending, setSending] = useState(false)

  const template = templates.find((entry) => entry.type === selected) ?? null

  /** A template's text as the page opened with it, which its preview prop shows. */
  function opened(type: string) {
    const first = props.templates.find((entry) => entry.type === type)
    return {
      subject: first?.subject ?? '',
      body: first?.body ?? '',
      preview: props.previews[type] ?? null,
    }
  }

  function saved(updated: Data.Transfer.EmailTemplate, notice: string) {
    setTemplates((current) =>
      current.map((entry) => (entry.type === updated.type ? updated : entry))
    )
    setMessage({ kind: 'notice', text: notice })
  }

  async function sendTest(event: FormEvent) {
    event.preventDefault()
    setSending(true)
    setMessage(null)
    try {
      const result = await api<{ to: string }>('POST', '/api/notifications/test-email', {
        to: testTo.trim() || undefined,
        type: selected ?? undefined,
      })
      setMessage({ kind: 'notice', text: `Test email sent to ${result.to}.` })
    } catch (error) {
      const errors = fieldErrors(error)
      setMessage({ kind: 'error', text: errors.to ?? errors.form ?? 'Could not send' })
    } finally {
      setSending(false)
    }
  }

  return (
    <AdminShell
      user={user}
      section="email-templates"
      title="Email templates"
      description={
        isAdmin
          ? 'The emails transfer sends, with a preview and a test send.'
          : 'Only admins can edit email templates.'
      }
    >
      <section className="card">
        {message && (
          <p className={message.kind} role={message.kind === 'error' ? 'alert' : 'status'}>
            {message.text}
          </p>
        )}
        {templates.length > 0 && (
          <>
            <label htmlFor="template-type">Email</label>
            <select
              id="template-type"
              value={selected ?? ''}
              onChange={(event) => {
                setSelected(event.target.value)
                setMessage(null)
              }}
            >
              {templates.map((entry) => (
                <option key={entry.type} value={entry.type}>
                  {settingLabel(entry.type)}
                  {entry.isDefault ? '' : ' (edited)'}
                </option>
              ))}
            </select>
          </>
        )}
      </section>
      {template && (
        <section className="card">
          <TemplateEditor
            key={template.type}
            template={template}
            opened={opened(template.type)}
            onSaved={saved}
          />
        </section>
      )}
      {template && (
        <section className="card">
          <h2>Send a test email</h2>
          <p className="muted small">
            Sends the saved {settingLabel(template.type).toLowerCase()} email with sample data
            through the configured mailer. Leave the address empty to send it to yourself (
            {user?.email}).
          </p>
          <form onSubmit={sendTest} aria-label="Send a test email" className="row">
            <div>
              <label htmlFor="test-to">Send to</label>
              <input
                id="test-to"
                type="email"
                placeholder={user?.email}
                value={testTo}
                onChange={(event) => setTestTo(event.target.value)}
              />
            </div>
            <div style={{ flex: 'none' }}>
              <button type="submit" disabled={sending}>
                Send test email
              </button>
            </div>
          </form>
        </section>
      )}
    </AdminShell>
  )
}
