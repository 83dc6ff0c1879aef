import { useEffect, useState, type FormEvent } from 'react'
import { AdminShell, type StaffUser } from '~/components/transfer/admin_shell'
import { api } from '~/components/shared/api'
import { fieldErrors } from '~/components/transfer/admin_errors'
import { settingLabel } from '~/components/transfer/settings_editor'
import { TemplateEditor, type EmailTemplateEntry } from '~/components/transfer/template_editor'

type Message = { kind: 'error' | 'notice'; text: string }

/** Admins edit the emails transfer sends, preview them and send themselves a test. */
export default function EmailTemplatesPage({ user }: { user: StaffUser | null }) {
  const isAdmin = user?.role === 'admin'
  const [templates, setTemplates] = useState<EmailTemplateEntry[] | null>(null)
  const [selected, setSelected] = useState<string | null>(null)
  const [message, setMessage] = useState<Message | null>(null)
  const [testTo, setTestTo] = useState('')
  const [sending, setSending] = useState(false)

  useEffect(() => {
    if (!isAdmin) {
      return
    }
    api<EmailTemplateEntry[]>('GET', '/api/email-templates')
      .then((list) => {
        setTemplates(list)
        setSelected((current) => current ?? list[0]?.type ?? null)
      })
      .catch((error: unknown) =>
        setMessage({ kind: 'error', text: fieldErrors(error).form ?? 'Could not load templates' })
      )
  }, [isAdmin])

  const template = templates?.find((entry) => entry.type === selected) ?? null

  function saved(updated: EmailTemplateEntry, notice: string) {
    setTemplates(
      (current) => current?.map((entry) => (entry.type === updated.type ? updated : entry)) ?? null
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
    <AdminShell user={user} section="email-templates" title="Email templates">
      <section className="card">
        <h1>Email templates</h1>
        {!isAdmin && <p className="muted">Only admins can edit email templates.</p>}
        {message && (
          <p className={message.kind} role={message.kind === 'error' ? 'alert' : 'status'}>
            {message.text}
          </p>
        )}
        {isAdmin && templates === null && <p className="muted">Loading…</p>}
        {templates && (
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
          <TemplateEditor key={template.type} template={template} onSaved={saved} />
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
