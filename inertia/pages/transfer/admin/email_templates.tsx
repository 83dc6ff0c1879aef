import { useState, type FormEvent } from 'react'
import type { Data } from '~generated/data'
import { AdminShell } from '~/components/transfer/admin_shell'
import { api, fieldErrors } from '~/components/shared/api'
import { formatExactTimestamp, formatLocalTimestamp } from '~/components/shared/dates'
import { Button } from '~/components/shared/ui/button'
import { FactList } from '~/components/shared/ui/fact_list'
import { Field, TextInput } from '~/components/shared/ui/field'
import { InlineStatus, type InlineState } from '~/components/shared/ui/inline_status'
import { Notice } from '~/components/shared/ui/notice'
import { Select } from '~/components/shared/ui/select'
import { settingLabel } from '~/components/transfer/settings_editor'
import { TemplateEditor } from '~/components/transfer/template_editor'

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
  // Saved templates replace their entry here: the editor keeps its text, the picker its "(edited)".
  const [templates, setTemplates] = useState(props.templates)
  const [selected, setSelected] = useState<string | null>(props.templates[0]?.type ?? null)

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

  function saved(updated: Data.Transfer.EmailTemplate) {
    setTemplates((current) =>
      current.map((entry) => (entry.type === updated.type ? updated : entry))
    )
  }

  return (
    <AdminShell
      user={user}
      section="email-templates"
      title="Email templates"
      description={
        isAdmin
          ? 'The emails transfer sends: change their words, see them as recipients will, and send yourself a test.'
          : 'The emails transfer sends.'
      }
    >
      {!isAdmin && <Notice>Only admins can edit email templates.</Notice>}
      {template && (
        <div className="ui-stack ui-stack-loose">
          <div className="ui-form-grid">
            <Field label="Email" hint="Which email to edit. Edited ones say so.">
              <Select
                value={template.type}
                options={templates.map((entry) => ({
                  value: entry.type,
                  label: `${settingLabel(entry.type)}${entry.isDefault ? '' : ' (edited)'}`,
                }))}
                onValueChange={setSelected}
              />
            </Field>
            <FactList
              facts={[
                { label: 'Purpose', value: template.description },
                {
                  label: 'Text in use',
                  live: true,
                  value: template.isDefault ? (
                    'The text transfer ships with'
                  ) : template.updatedAt ? (
                    <>
                      Yours, changed{' '}
                      <time
                        dateTime={template.updatedAt}
                        title={formatExactTimestamp(template.updatedAt)}
                      >
                        {formatLocalTimestamp(template.updatedAt)}
                      </time>
                    </>
                  ) : (
                    'Yours'
                  ),
                },
              ]}
            />
          </div>
          <TemplateEditor
            key={template.type}
            template={template}
            opened={opened(template.type)}
            onSaved={saved}
          />
          <TestEmailForm
            type={template.type}
            label={settingLabel(template.type).toLowerCase()}
            ownEmail={user?.email ?? ''}
          />
        </div>
      )}
    </AdminShell>
  )
}

/** Sends the saved text of one template, with sample data, to an address (yours by default). */
function TestEmailForm(props: { type: string; label: string; ownEmail: string }) {
  const [to, setTo] = useState('')
  const [state, setState] = useState<InlineState>('idle')
  const [sentTo, setSentTo] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})

  async function send(event: FormEvent) {
    event.preventDefault()
    setState('saving')
    setErrors({})
    try {
      const result = await api<{ to: string }>('POST', '/api/notifications/test-email', {
        to: to.trim() || undefined,
        type: props.type,
      })
      setSentTo(result.to)
      setState('saved')
    } catch (error) {
      setErrors(fieldErrors(error))
      setState('error')
    }
  }

  return (
    <section className="ui-panel" aria-labelledby="test-email-heading">
      <h2 id="test-email-heading">Send a test email</h2>
      <form onSubmit={send} aria-label="Send a test email" noValidate>
        <div className="ui-form-grid">
          <Field
            label="Send to"
            hint={`The saved ${props.label} email with sample data, through the configured mail server. Leave empty to send it to yourself (${props.ownEmail}).`}
            error={errors.to}
          >
            <TextInput
              type="email"
              autoComplete="email"
              placeholder={props.ownEmail}
              value={to}
              onChange={(event) => setTo(event.target.value)}
            />
          </Field>
        </div>
        <div className="ui-cluster">
          <Button type="submit" variant="secondary" loading={state === 'saving'}>
            Send test email
          </Button>
          <InlineStatus
            state={state === 'saving' ? 'idle' : state}
            savedText={`Test email sent to ${sentTo}.`}
            errorText={errors.form ?? (errors.to ? 'Not sent: see the address.' : 'Could not send')}
          />
        </div>
      </form>
    </section>
  )
}
