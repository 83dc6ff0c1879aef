import { useState, type FormEvent } from 'react'
import { router } from '@inertiajs/react'
import type { Data } from '~generated/data'
import { api, errorMessage, fieldErrors } from '~/components/shared/api'
import { Button } from '~/components/shared/ui/button'
import { ConfirmDialog } from '~/components/shared/ui/confirm_dialog'
import { Dialog } from '~/components/shared/ui/dialog'
import { FactList } from '~/components/shared/ui/fact_list'
import { Field, TextInput } from '~/components/shared/ui/field'
import { InlineStatus } from '~/components/shared/ui/inline_status'
import { LinkList } from '~/components/shared/ui/link_list'
import { SkeletonText } from '~/components/shared/ui/skeleton'
import { Notice } from '~/components/shared/ui/notice'
import { PasswordInput } from '~/components/shared/ui/password_input'
import { BackupProgress } from '~/components/transfer/backup_progress'

type BackupStatus = Data.Transfer.BackupStatus
type Entry = Data.Transfer.BackupEntry

/** What the provider's round trip came back with (?backup=…), in words. */
const OUTCOMES: Record<string, { tone: 'success' | 'danger' | 'warning'; text: string }> = {
  connected: { tone: 'success', text: 'Connected. New uploads are backed up from now on.' },
  denied: { tone: 'warning', text: 'Access was not allowed at the provider, so nothing changed.' },
  invalid_state: {
    tone: 'danger',
    text: 'That answer did not belong to this sign-in (it was old or from another browser). Connect again.',
  },
  refused: {
    tone: 'danger',
    text: 'The provider refused the app key or secret, or the code had expired. Check them and connect again.',
  },
  failed: { tone: 'danger', text: 'The provider could not be reached. Try connecting again.' },
}

/** Reloads the status the page shows after a change. */
function reloadStatus() {
  router.reload({ only: ['backup'] })
}

function Credentials({ status }: { status: BackupStatus }) {
  const [appKey, setAppKey] = useState(status.appKey ?? '')
  const [appSecret, setAppSecret] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'error'>('idle')
  const [failure, setFailure] = useState('')

  async function save(event: FormEvent) {
    event.preventDefault()
    setState('saving')
    setErrors({})
    try {
      await api('POST', '/api/cloudsync/save-credentials', { appKey, appSecret })
      setAppSecret('')
      setState('saved')
      reloadStatus()
    } catch (error) {
      setErrors(fieldErrors(error))
      setFailure(errorMessage(error))
      setState('error')
    }
  }

  return (
    <form onSubmit={save} className="ui-stack" aria-label="Provider app">
      <div className="ui-form-grid">
        <Field
          label="App key"
          hint="From the app you made in the provider's app console."
          error={errors.appKey}
        >
          <TextInput
            value={appKey}
            onChange={(event) => setAppKey(event.target.value)}
            autoComplete="off"
            spellCheck={false}
            required
          />
        </Field>
        <Field
          label="App secret"
          hint={
            status.hasAppSecret
              ? 'A secret is saved; leave empty to keep it.'
              : 'Shown once in the app console.'
          }
          error={errors.appSecret}
        >
          <PasswordInput
            value={appSecret}
            onChange={(event) => setAppSecret(event.target.value)}
            autoComplete="off"
          />
        </Field>
      </div>
      <div className="ui-cluster">
        <Button type="submit" variant="secondary" disabled={state === 'saving'}>
          Save app
        </Button>
        <InlineStatus
          state={state === 'idle' ? 'idle' : state}
          savedText="App saved"
          errorText={Object.keys(errors).length ? undefined : failure}
        />
      </div>
    </form>
  )
}

/** Browses the account's folders; choosing one (or making a new one) sets where backups go. */
function FolderPicker({ current, onChosen }: { current: string | null; onChosen: () => void }) {
  const [open, setOpen] = useState(false)
  const [path, setPath] = useState('/')
  const [entries, setEntries] = useState<Entry[] | null>(null)
  const [cursor, setCursor] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [newName, setNewName] = useState('')

  async function browse(folder: string, next: string | null = null) {
    setProblem(null)
    if (!next) setEntries(null)
    try {
      const query = new URLSearchParams({ path: folder, ...(next ? { cursor: next } : {}) })
      const page = await api<{ path: string; cursor: string | null; entries: Entry[] }>(
        'GET',
        `/api/cloudsync/folders?${query}`
      )
      setPath(folder)
      setEntries((shown) => (next && shown ? [...shown, ...page.entries] : page.entries))
      setCursor(page.cursor)
    } catch (error) {
      setProblem(errorMessage(error))
      setEntries([])
    }
  }

  async function choose(folder: string, create = false) {
    setProblem(null)
    try {
      await api('POST', '/api/cloudsync/folders', { path: folder, create })
      setOpen(false)
      onChosen()
    } catch (error) {
      setProblem(errorMessage(error))
    }
  }

  const parent = path === '/' ? null : path.slice(0, path.lastIndexOf('/')) || '/'
  return (
    <Dialog
      title="Choose the backup folder"
      description="Backups go into this folder, one subfolder per day."
      size="wide"
      open={open}
      onOpenChange={(next) => {
        setOpen(next)
        if (next) void browse(current ?? '/')
      }}
      trigger={<Button variant="secondary">{current ? 'Change folder' : 'Choose folder'}</Button>}
      footer={
        <Button onClick={() => void choose(path)} disabled={path === '/'}>
          Use {path === '/' ? 'this folder' : path}
        </Button>
      }
    >
      <div className="ui-stack">
        <p className="ui-muted">
          In <strong>{path === '/' ? 'the top of the account' : path}</strong>
        </p>
        {problem && <Notice tone="danger">{problem}</Notice>}
        {entries === null ? (
          <SkeletonText label="Loading folders…" />
        ) : (
          <LinkList
            label="Folders"
            items={[
              ...(parent === null
                ? []
                : [
                    {
                      key: '..',
                      title: `Up to ${parent === '/' ? 'the top' : parent}`,
                      onSelect: () => void browse(parent),
                    },
                  ]),
              ...entries.map((entry) => ({
                key: entry.path,
                title: entry.name,
                onSelect: () => void browse(entry.path),
              })),
            ]}
          />
        )}
        {entries?.length === 0 && <p className="ui-muted">No folders in here.</p>}
        {cursor && (
          <Button variant="ghost" onClick={() => void browse(path, cursor)}>
            Show more folders
          </Button>
        )}
        <form
          className="ui-cluster"
          onSubmit={(event) => {
            event.preventDefault()
            const name = newName.trim().replaceAll('/', '-')
            if (name) void choose(`${path === '/' ? '' : path}/${name}`, true)
          }}
        >
          <Field label="New folder here">
            <TextInput
              value={newName}
              onChange={(event) => setNewName(event.target.value)}
              maxLength={200}
            />
          </Field>
          <Button type="submit" variant="secondary" disabled={!newName.trim()}>
            Make and use it
          </Button>
        </form>
      </div>
    </Dialog>
  )
}

/**
 * The Backup section of the Settings page (admins): the provider app, the
 * connection to an account, the folder, and how far the backlog has come.
 */
export function BackupSetup({ status, outcome }: { status: BackupStatus; outcome: string | null }) {
  const [problem, setProblem] = useState<string | null>(null)
  const said = outcome ? OUTCOMES[outcome] : undefined

  async function connect() {
    setProblem(null)
    try {
      const { authorizeUrl } = await api<{ authorizeUrl: string }>('POST', '/api/cloudsync/connect')
      window.location.assign(authorizeUrl)
    } catch (error) {
      setProblem(errorMessage(error))
    }
  }

  async function disconnect() {
    await api('POST', '/api/cloudsync/disconnect')
    reloadStatus()
  }

  return (
    <section className="ui-panel ui-stack" aria-labelledby="backup-title" id="backup">
      <h2 id="backup-title">Backup to {status.provider}</h2>
      <p className="ui-muted">
        Every finished upload is copied to a folder in your {status.provider} account, so files
        survive this server. Large files are sent in parts and continue where they stopped.
      </p>
      {said && <Notice tone={said.tone}>{said.text}</Notice>}
      {status.problem && (
        <Notice tone="danger" title="Backups are stopped">
          {status.problem}
        </Notice>
      )}
      {problem && <Notice tone="danger">{problem}</Notice>}

      <h3>1. The provider app</h3>
      <Credentials status={status} />

      <h3>2. The account</h3>
      {status.connected && status.account ? (
        <div className="ui-cluster">
          <FactList
            facts={[
              { label: 'Connected to', value: `${status.account.name} (${status.account.email})` },
            ]}
          />
          <ConfirmDialog
            title="Disconnect the backup?"
            description="New uploads are no longer backed up. Files already at the provider stay there."
            confirmLabel="Disconnect"
            tone="danger"
            trigger={<Button variant="secondary">Disconnect</Button>}
            onConfirm={disconnect}
          />
        </div>
      ) : (
        <div className="ui-cluster">
          <Button onClick={() => void connect()} disabled={!status.appKey || !status.hasAppSecret}>
            Connect to {status.provider}
          </Button>
          {(!status.appKey || !status.hasAppSecret) && (
            <span className="ui-muted">Save the app first.</span>
          )}
        </div>
      )}

      <h3>3. The folder</h3>
      <div className="ui-cluster">
        <span>{status.folder ?? 'No folder chosen yet.'}</span>
        {status.connected && <FolderPicker current={status.folder} onChosen={reloadStatus} />}
      </div>

      <h3>Progress</h3>
      <BackupProgress progress={status.progress} />
    </section>
  )
}
