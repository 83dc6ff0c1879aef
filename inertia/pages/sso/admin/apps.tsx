import { useId, useState, type FormEvent } from 'react'
import { router } from '@inertiajs/react'
import type { Data } from '~generated/data'
import { ApiError, api, fieldErrors, type FieldErrors } from '~/components/shared/api'
import { relativeTimeProps } from '~/components/shared/dates'
import { Badge } from '~/components/shared/ui/badge'
import { Button } from '~/components/shared/ui/button'
import { ConfirmDialog } from '~/components/shared/ui/confirm_dialog'
import { DataTable } from '~/components/shared/ui/data_table'
import { Dialog, DialogClose } from '~/components/shared/ui/dialog'
import { EmptyState } from '~/components/shared/ui/empty_state'
import { Field, Textarea, TextInput } from '~/components/shared/ui/field'
import { PlusIcon } from '~/components/shared/ui/icons'
import { type MenuItem } from '~/components/shared/ui/menu'
import { RowMenu } from '~/components/shared/ui/row_menu'
import { PageHeader } from '~/components/shared/ui/page_header'
import { SsoShell } from '~/components/sso/sso_shell'
import { ActionStatus, useAction } from '~/components/sso/use_action'
import { CopyButton } from '~/components/sso/admin/copy_button'
import { OneTimeSecret, type RevealedSecret } from '~/components/sso/admin/one_time_secret'
import '~/components/sso/admin/admin.css'

type ConnectedApp = Data.Sso.ConnectedApp
type Verb = 'disable' | 'enable' | 'rotate-secret' | 'delete'

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

/** The return addresses' problems, one per bad line (redirectUris.1 → "Line 2: …"). */
function addressErrors(errors: FieldErrors) {
  const lines = Object.entries(errors)
    .filter(([field]) => field.startsWith('redirectUris'))
    .map(([field, message]) => {
      const line = /^redirectUris\.(\d+)$/.exec(field)
      return line ? `Line ${Number(line[1]) + 1}: ${message}` : message
    })
  return lines.length > 0 ? lines.join(' ') : null
}

const URI_HELP =
  'Where the app takes people back after they sign in, exactly as its setup page or its administrator gives it, e.g. https://files.example.com/auth/callback. One address a line. It must match character for character and start with https:// (http:// only for this computer: localhost or 127.0.0.1).'

/** Registering or editing an app, in a dialog: its name and return addresses. */
function AppEditor(props: {
  app?: ConnectedApp
  title: string
  submitLabel: string
  open: boolean
  onOpenChange: (open: boolean) => void
  busy: boolean
  errors: FieldErrors
  onSubmit: (input: { name: string; redirectUris: string[] }) => void
}) {
  const formId = useId()
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    props.onSubmit({
      name: String(form.get('name') ?? ''),
      redirectUris: urisOf(String(form.get('redirectUris') ?? '')),
    })
  }
  return (
    <Dialog
      title={props.title}
      open={props.open}
      onOpenChange={props.onOpenChange}
      size="wide"
      footer={
        <>
          <DialogClose>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button type="submit" form={formId} loading={props.busy}>
            {props.submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} aria-label={props.submitLabel} className="ui-stack">
        <Field label="Name" error={props.errors.name}>
          <TextInput name="name" required maxLength={120} defaultValue={props.app?.name} />
        </Field>
        <Field label="Return addresses" hint={URI_HELP} error={addressErrors(props.errors)}>
          <Textarea
            name="redirectUris"
            rows={3}
            required
            spellCheck={false}
            defaultValue={props.app?.redirectUris.join('\n')}
          />
        </Field>
        {props.errors.form && <p className="ui-field-error">{props.errors.form}</p>}
      </form>
    </Dialog>
  )
}

/** What each action asks before it runs (enabling runs at once). */
function question(app: ConnectedApp, verb: Verb) {
  switch (verb) {
    case 'rotate-secret':
      return {
        title: `Rotate the secret key of “${app.name}”?`,
        description:
          'A new secret key is made and shown once. The current one stops working at once: the account panel inside the app fails until the app’s settings have the new key. Signing in keeps working.',
        confirmLabel: 'Rotate now',
        tone: 'primary' as const,
      }
    case 'disable':
      return {
        title: `Disable “${app.name}”?`,
        description:
          'Nobody can sign in to it with their account here, and it leaves everyone’s list of apps, until you enable it again.',
        confirmLabel: 'Disable',
        tone: 'primary' as const,
      }
    case 'delete':
      return {
        title: `Delete “${app.name}”?`,
        description:
          'The app, its App ID and its secret key are removed. This cannot be undone: registering it again gives it new keys, which its settings then need. To stop it for a while, disable it instead.',
        confirmLabel: 'Delete for good',
        tone: 'danger' as const,
      }
    default:
      return null
  }
}

type ConnectedAppsProps = { isAdmin: boolean; apps: ConnectedApp[]; signInAddress: string }

export default function ConnectedApps(props: ConnectedAppsProps) {
  const [secret, setSecret] = useState<RevealedSecret | null>(null)
  const [editing, setEditing] = useState<ConnectedApp | null>(null)
  const [creating, setCreating] = useState(false)
  const [asking, setAsking] = useState<{ app: ConnectedApp; verb: Verb } | null>(null)
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
      return `“${input.name}” is saved.`
    })
  }

  function perform(app: ConnectedApp, verb: Verb) {
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

  function actionsOf(app: ConnectedApp): MenuItem[] {
    const ask = (verb: Verb) => () => setAsking({ app, verb })
    return [
      { label: 'Edit', onSelect: () => setEditing(app) },
      { label: 'Rotate secret', onSelect: ask('rotate-secret') },
      app.enabled
        ? { label: 'Disable', onSelect: ask('disable') }
        : { label: 'Enable', onSelect: () => perform(app, 'enable') },
      'separator',
      { label: 'Delete', onSelect: ask('delete'), tone: 'danger' },
    ]
  }

  const asked = asking ? question(asking.app, asking.verb) : null
  const registerButton = (
    <Button icon={<PlusIcon size={16} />} onClick={() => setCreating(true)}>
      Register an app
    </Button>
  )

  return (
    <SsoShell title="Connected apps" width="wide">
      <PageHeader
        title="Connected apps"
        description="The apps your people sign in to with their account here: they sign in once and every connected app knows them. To connect an app, register it with the return address its setup asks for, then put the App ID and secret key you get into the app’s settings."
        actions={props.apps.length > 0 ? registerButton : undefined}
      />
      <div className="ui-stack ui-stack-loose">
        {secret && <OneTimeSecret secret={secret} onDismiss={() => setSecret(null)} />}
        <div className="ui-stack">
          <ActionStatus {...action} />
          {edit.status && <ActionStatus busy={false} status={edit.status} errors={{}} />}
          <DataTable
            caption="Connected apps"
            rows={props.apps}
            rowKey={(app) => app.id}
            empty={
              <EmptyState
                title="No connected apps yet"
                description="Register the first app, and everyone with an account here can sign in to it."
                action={registerButton}
              />
            }
            columns={[
              {
                key: 'name',
                header: 'Name',
                primary: true,
                cell: (app) => (
                  <span className="ui-stack">
                    <strong>{app.name}</strong>
                    {app.createdAt && (
                      <span className="ui-muted">
                        Registered <time {...relativeTimeProps(app.createdAt)} />
                      </span>
                    )}
                  </span>
                ),
              },
              {
                key: 'apiKey',
                header: 'App ID',
                cell: (app) => (
                  <span className="ui-cluster">
                    <code>{app.apiKey}</code>
                    <CopyButton value={app.apiKey} label="Copy" />
                  </span>
                ),
              },
              {
                key: 'uris',
                header: 'Return addresses',
                cell: (app) => (
                  <span className="ui-stack">
                    {app.redirectUris.map((uri) => (
                      <code key={uri}>{uri}</code>
                    ))}
                  </span>
                ),
              },
              {
                key: 'status',
                header: 'Status',
                cell: (app) =>
                  app.enabled ? (
                    <Badge tone="success">Enabled</Badge>
                  ) : (
                    <Badge tone="danger">Disabled</Badge>
                  ),
              },
            ]}
            actions={(app) => <RowMenu label={app.name} items={actionsOf(app)} />}
          />
        </div>

        <section className="ui-panel" aria-labelledby="setup-heading">
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
      </div>

      <AppEditor
        key={creating ? 'creating' : 'closed'}
        title="Register an app"
        submitLabel="Register app"
        open={creating}
        onOpenChange={setCreating}
        busy={create.busy}
        errors={create.errors}
        onSubmit={register}
      />
      {editing && (
        <AppEditor
          app={editing}
          title={`Edit “${editing.name}”`}
          submitLabel={`Save “${editing.name}”`}
          open
          onOpenChange={(open) => !open && setEditing(null)}
          busy={edit.busy}
          errors={edit.errors}
          onSubmit={(input) => update(editing, input)}
        />
      )}
      {asking && asked && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setAsking(null)}
          {...asked}
          onConfirm={() => perform(asking.app, asking.verb)}
        />
      )}
    </SsoShell>
  )
}
