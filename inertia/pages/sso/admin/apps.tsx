import { useState, type FormEvent } from 'react'
import { router } from '@inertiajs/react'
import type { Data } from '~generated/data'
import { SsoLayout } from '~/components/sso/sso_layout'
import { ApiError, api, fieldErrors, type FieldErrors } from '~/components/shared/api'
import { ActionOutcome, useAction } from '~/components/sso/use_action'
import { ConfirmButton } from '~/components/shared/confirm_button'
import { CopyButton } from '~/components/sso/admin/copy_button'
import { OneTimeSecret, type RevealedSecret } from '~/components/sso/admin/one_time_secret'
import { formatExactTimestamp, formatLocalTimestamp } from '~/components/shared/dates'
import '~/components/sso/admin/admin.css'

type ConnectedApp = Data.Sso.ConnectedApp

/** One redirect URI a line, kept exactly as typed apart from empty lines. */
function urisOf(text: string) {
  return text.split('\n').filter((line) => line.trim() !== '')
}

/**
 * What went wrong with an app form: fieldErrors keeps one message per field,
 * but each bad redirect URI is worth its own line, so those keep their index.
 */
function appFormErrors(error: unknown): FieldErrors {
  const found = fieldErrors(error)
  if (error instanceof ApiError && 'redirectUris' in found && Array.isArray(error.body.errors)) {
    delete found.redirectUris
    for (const entry of error.body.errors as { field: string; message: string }[]) {
      if (entry.field.startsWith('redirectUris')) {
        found[entry.field] ??= entry.message
      }
    }
  }
  return found
}

/** The field errors of an app form, one line each (redirectUris.1 → "Line 2: …"). */
function AppFormErrors(props: { errors: FieldErrors }) {
  const lines = Object.entries(props.errors)
    .filter(([field]) => field !== 'form')
    .map(([field, message]) => {
      const line = /^redirectUris\.(\d+)$/.exec(field)
      return line ? `Line ${Number(line[1]) + 1}: ${message}` : message
    })
  return lines.length > 0 ? (
    <ul className="error" role="alert">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  ) : null
}

const URI_HELP =
  'Where the app takes people back after they sign in, exactly as its setup page or its administrator gives it, e.g. https://files.example.com/auth/callback. One address a line. It must match character for character and start with https:// (http:// only for this computer: localhost or 127.0.0.1).'

function AppEditor(props: {
  app?: ConnectedApp
  submitLabel: string
  busy: boolean
  errors: FieldErrors
  onSubmit: (input: { name: string; redirectUris: string[] }) => void
  onCancel?: () => void
}) {
  const prefix = props.app ? `app-${props.app.id}` : 'new-app'
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    props.onSubmit({
      name: String(form.get('name') ?? ''),
      redirectUris: urisOf(String(form.get('redirectUris') ?? '')),
    })
  }
  return (
    <form onSubmit={submit} aria-label={props.submitLabel}>
      <label htmlFor={`${prefix}-name`}>Name</label>
      <input
        id={`${prefix}-name`}
        name="name"
        required
        maxLength={120}
        defaultValue={props.app?.name}
      />
      <label htmlFor={`${prefix}-uris`}>Return addresses</label>
      <textarea
        id={`${prefix}-uris`}
        name="redirectUris"
        rows={3}
        required
        spellCheck={false}
        aria-describedby={`${prefix}-uris-help`}
        defaultValue={props.app?.redirectUris.join('\n')}
      />
      <p id={`${prefix}-uris-help`} className="muted">
        {URI_HELP}
      </p>
      <AppFormErrors errors={props.errors} />
      <div className="actions">
        <button type="submit" disabled={props.busy}>
          {props.submitLabel}
        </button>
        {props.onCancel && (
          <button type="button" className="secondary" onClick={props.onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  )
}

type ConnectedAppsProps = { isAdmin: boolean; apps: ConnectedApp[]; signInAddress: string }

export default function ConnectedApps(props: ConnectedAppsProps) {
  const [secret, setSecret] = useState<RevealedSecret | null>(null)
  const [editing, setEditing] = useState<number | null>(null)
  const [creating, setCreating] = useState(props.apps.length === 0)
  const create = useAction(appFormErrors)
  const edit = useAction(appFormErrors)
  const action = useAction()

  function reload() {
    router.reload({ only: ['apps'] })
  }

  function register(input: { name: string; redirectUris: string[] }) {
    return create.run(async () => {
      const answer = await api<{ app: ConnectedApp; secretKey: string }>(
        'POST',
        '/api/admin/apps',
        input
      )
      setSecret({
        appName: answer.app.name,
        apiKey: answer.app.apiKey,
        secretKey: answer.secretKey,
        reason: 'created',
      })
      setCreating(false)
      reload()
      return null
    })
  }

  function update(app: ConnectedApp, input: { name: string; redirectUris: string[] }) {
    return edit.run(async () => {
      await api('PATCH', `/api/admin/apps/${app.id}`, input)
      setEditing(null)
      reload()
      return null
    })
  }

  function perform(app: ConnectedApp, verb: 'disable' | 'enable' | 'rotate-secret' | 'delete') {
    return action.run(async () => {
      if (verb === 'delete') {
        await api('DELETE', `/api/admin/apps/${app.id}`)
        reload()
        return `“${app.name}” was deleted.`
      }
      const answer = await api<{ app: ConnectedApp; secretKey?: string }>(
        'POST',
        `/api/admin/apps/${app.id}/${verb}`
      )
      if (answer.secretKey) {
        setSecret({
          appName: app.name,
          apiKey: app.apiKey,
          secretKey: answer.secretKey,
          reason: 'rotated',
        })
      }
      reload()
      return verb === 'rotate-secret' ? null : `“${app.name}” is ${verb}d.`
    })
  }

  return (
    <SsoLayout title="Connected apps" isAdmin={props.isAdmin}>
      <div className="admin-page">
        {secret && <OneTimeSecret secret={secret} onDismiss={() => setSecret(null)} />}

        <section className="card">
          <h1>Connected apps</h1>
          <p className="muted">
            The apps your people sign in to with their account here: they sign in once and every
            connected app knows them. To connect an app, register it below with the return address
            its setup asks for, then put the App ID and secret key you get into the app’s settings.
          </p>
          <ActionOutcome status={action.status} errors={action.errors} />
          {props.apps.length === 0 ? (
            <p>No connected apps yet.</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">App ID</th>
                  <th scope="col">Return addresses</th>
                  <th scope="col">Status</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {props.apps.map((app) =>
                  editing === app.id ? (
                    <tr key={app.id}>
                      <td colSpan={5}>
                        <AppEditor
                          app={app}
                          submitLabel={`Save “${app.name}”`}
                          busy={edit.busy}
                          errors={edit.errors}
                          onSubmit={(input) => update(app, input)}
                          onCancel={() => setEditing(null)}
                        />
                        <ActionOutcome status={null} errors={edit.errors} />
                      </td>
                    </tr>
                  ) : (
                    <tr key={app.id}>
                      <td>
                        <strong>{app.name}</strong>
                        <div className="muted">
                          Registered{' '}
                          {app.createdAt && (
                            <time
                              dateTime={app.createdAt}
                              title={formatExactTimestamp(app.createdAt)}
                            >
                              {formatLocalTimestamp(app.createdAt)}
                            </time>
                          )}
                        </div>
                      </td>
                      <td>
                        <code>{app.apiKey}</code> <CopyButton value={app.apiKey} label="Copy" />
                      </td>
                      <td>
                        {app.redirectUris.map((uri) => (
                          <div key={uri}>
                            <code>{uri}</code>
                          </div>
                        ))}
                      </td>
                      <td>
                        <span className={`badge ${app.enabled ? 'good' : 'bad'}`}>
                          {app.enabled ? 'Enabled' : 'Disabled'}
                        </span>
                      </td>
                      <td>
                        <div className="actions">
                          <button
                            type="button"
                            className="secondary"
                            onClick={() => setEditing(app.id)}
                          >
                            Edit
                          </button>
                          <ConfirmButton
                            label="Rotate secret"
                            title={`Rotate the secret key of “${app.name}”?`}
                            confirmLabel="Rotate now"
                            disabled={action.busy}
                            onConfirm={() => perform(app, 'rotate-secret')}
                          >
                            <p>
                              A new secret key is made and shown once. The current one stops working
                              at once: the account panel inside the app fails until the app’s
                              settings have the new key. Signing in keeps working.
                            </p>
                          </ConfirmButton>
                          {app.enabled ? (
                            <ConfirmButton
                              label="Disable"
                              title={`Disable “${app.name}”?`}
                              confirmLabel="Disable"
                              disabled={action.busy}
                              onConfirm={() => perform(app, 'disable')}
                            >
                              <p>
                                Nobody can sign in to it with their account here, and it leaves
                                everyone’s list of apps, until you enable it again.
                              </p>
                            </ConfirmButton>
                          ) : (
                            <button
                              type="button"
                              className="secondary"
                              disabled={action.busy}
                              onClick={() => perform(app, 'enable')}
                            >
                              Enable
                            </button>
                          )}
                          <ConfirmButton
                            label="Delete"
                            title={`Delete “${app.name}”?`}
                            confirmLabel="Delete for good"
                            danger
                            disabled={action.busy}
                            onConfirm={() => perform(app, 'delete')}
                          >
                            <p>
                              The app, its App ID and its secret key are removed. This cannot be
                              undone: registering it again gives it new keys, which its settings
                              then need. To stop it for a while, disable it instead.
                            </p>
                          </ConfirmButton>
                        </div>
                      </td>
                    </tr>
                  )
                )}
              </tbody>
            </table>
          )}
        </section>

        <section className="card" aria-labelledby="setup-heading">
          <h2 id="setup-heading">What an app’s setup needs</h2>
          <dl className="setup">
            <dt>Sign-in address</dt>
            <dd>
              <code>{props.signInAddress}</code>: the address of this service, where the app sends
              people to sign in (its setting <code>SSO_BASE_URL</code>).
            </dd>
            <dt>App ID</dt>
            <dd>
              Names the app to this service (<code>SSO_API_KEY</code>). It is not secret: it shows
              in addresses while people sign in.
            </dd>
            <dt>Secret key</dt>
            <dd>
              Shown once, when you register the app or replace its key (<code>SSO_SECRET_KEY</code>
              ). Only the app’s server keeps it.
            </dd>
            <dt>Return address</dt>
            <dd>
              The page of the app people come back to after signing in. The app’s setup gives it; it
              usually ends in <code>/auth/callback</code>.
            </dd>
          </dl>
        </section>

        <section className="card">
          <h2>Register an app</h2>
          {creating ? (
            <AppEditor
              submitLabel="Register app"
              busy={create.busy}
              errors={create.errors}
              onSubmit={register}
              onCancel={props.apps.length > 0 ? () => setCreating(false) : undefined}
            />
          ) : (
            <button type="button" onClick={() => setCreating(true)}>
              Register an app…
            </button>
          )}
          <ActionOutcome status={null} errors={create.errors} />
        </section>
      </div>
    </SsoLayout>
  )
}
