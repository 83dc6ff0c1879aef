import { useState, type FormEvent } from 'react'
import type { Data } from '~generated/data'
import { api, errorMessage, fieldErrors, type FieldErrors } from '~/components/shared/api'
import { formatTimestamp } from '~/components/shared/dates'
import { Button } from '~/components/shared/ui/button'
import { ConfirmDialog } from '~/components/shared/ui/confirm_dialog'
import { CopyField } from '~/components/shared/ui/copy_field'
import { FactList } from '~/components/shared/ui/fact_list'
import { Field, TextInput } from '~/components/shared/ui/field'
import { Notice } from '~/components/shared/ui/notice'
import { useToast } from '~/components/shared/ui/toast'

type TaskboardStatus = Data.Schedule.TaskboardStatus

/**
 * The taskboard webhook: where each new feedback is posted as a card. Save
 * a URL (the signing secret is shown once, for the receiver), send a test
 * card, disconnect.
 */
export function TaskboardSection(props: { taskboard: TaskboardStatus }) {
  const toast = useToast()
  const [status, setStatus] = useState(props.taskboard)
  const [url, setUrl] = useState(props.taskboard.url ?? '')
  const [secret, setSecret] = useState<string | null>(null)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [busy, setBusy] = useState<'save' | 'test' | null>(null)

  async function save(event: FormEvent) {
    event.preventDefault()
    setBusy('save')
    setErrors({})
    try {
      const saved = await api<{ signingSecret: string; status: TaskboardStatus }>(
        'POST',
        '/api/admin/taskboard/webhook',
        { url }
      )
      setStatus(saved.status)
      setSecret(saved.signingSecret)
      toast.success('Taskboard webhook saved. Copy its signing secret now.')
    } catch (error) {
      setErrors(fieldErrors(error))
    } finally {
      setBusy(null)
    }
  }

  async function test() {
    setBusy('test')
    try {
      const result = await api<{ success: boolean; status?: number; error?: string }>(
        'POST',
        '/api/admin/taskboard/test'
      )
      if (result.success) {
        toast.success(`Test card sent: the taskboard answered ${result.status}.`)
      } else {
        toast.error(`The test card was not taken: ${result.error}`)
      }
      setStatus(await api<TaskboardStatus>('GET', '/api/admin/taskboard/status'))
    } catch (error) {
      toast.error(`Could not send the test card: ${errorMessage(error)}`)
    } finally {
      setBusy(null)
    }
  }

  async function disconnect() {
    try {
      const result = await api<{ status: TaskboardStatus }>(
        'POST',
        '/api/admin/taskboard/disconnect'
      )
      setStatus(result.status)
      setSecret(null)
      setUrl('')
      toast.success('Taskboard webhook disconnected.')
    } catch (error) {
      toast.error(`Could not disconnect: ${errorMessage(error)}`)
      throw error
    }
  }

  const last = status.lastDelivery
  return (
    <section className="ui-panel" aria-labelledby="taskboard-heading">
      <h2 id="taskboard-heading">Taskboard webhook</h2>
      <p className="ui-muted">
        Each new feedback is posted to this address as a card, signed so the taskboard can check it
        came from here (Standard Webhooks; the README describes the card).
      </p>
      {status.configured && (
        <FactList
          facts={[
            { label: 'Sends to', value: status.url },
            status.connectedAt && { label: 'Saved', value: formatTimestamp(status.connectedAt) },
            last && {
              label: 'Last delivery',
              live: true,
              value: `${formatTimestamp(last.at)}: ${
                last.success ? `taken (${last.status})` : `failed: ${last.error}`
              }`,
            },
          ]}
        />
      )}
      {secret && (
        <>
          <Notice tone="warning" title="Copy the signing secret now">
            The taskboard needs it to check each card&apos;s signature. It is shown only this once;
            saving the URL again makes a new one.
          </Notice>
          <CopyField value={secret} label="Signing secret" copyLabel="Copy secret" />
        </>
      )}
      <form className="ui-stack" onSubmit={save} aria-label="Taskboard webhook">
        <Field
          label="Webhook URL"
          hint="An https address of your taskboard's incoming webhook."
          error={errors.url ?? errors.form}
        >
          <TextInput
            type="url"
            required
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            placeholder="https://"
          />
        </Field>
        <div className="ui-actions">
          <Button type="submit" loading={busy === 'save'}>
            {status.configured ? 'Save and make a new secret' : 'Save webhook'}
          </Button>
          {status.configured && (
            <Button variant="secondary" loading={busy === 'test'} onClick={() => void test()}>
              Send a test card
            </Button>
          )}
          {status.configured && (
            <ConfirmDialog
              trigger={<Button variant="danger">Disconnect…</Button>}
              title="Disconnect the taskboard?"
              description="New feedback is no longer sent as cards; feedback already sent stays on the taskboard."
              confirmLabel="Disconnect"
              onConfirm={disconnect}
            />
          )}
        </div>
      </form>
    </section>
  )
}
