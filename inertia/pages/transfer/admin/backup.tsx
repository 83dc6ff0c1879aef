import { useState } from 'react'
import { Link } from '@inertiajs/react'
import type { Data } from '~generated/data'
import { api, errorMessage } from '~/components/shared/api'
import { CsrfField } from '~/components/shared/csrf_field'
import { formatBytes } from '~/components/shared/format'
import { relativeTimeProps } from '~/components/shared/dates'
import { Button, ButtonLink } from '~/components/shared/ui/button'
import { Checkbox } from '~/components/shared/ui/checkbox'
import { DataTable } from '~/components/shared/ui/data_table'
import { EmptyState } from '~/components/shared/ui/empty_state'
import { Notice } from '~/components/shared/ui/notice'
import { AdminShell } from '~/components/transfer/admin_shell'
import { BackupProgress } from '~/components/transfer/backup_progress'

type Entry = Data.Transfer.BackupEntry

type Props = {
  user: Data.Transfer.SessionUser | null
  available: boolean
  progress: Data.Transfer.BackupStatus['progress'] | null
  /** The backup folder: the top of what staff may browse. */
  root: string | null
  listing: { path: string; cursor: string | null; entries: Entry[] } | null
  problem: string | null
}

/** The folders above `path` inside the backup, for the trail of links at the top. */
function trail(path: string, root: string) {
  const parts = path.slice(root.length).split('/').filter(Boolean)
  return [
    { path: root, name: root.split('/').pop() || root },
    ...parts.map((name, index) => ({
      path: `${root}/${parts.slice(0, index + 1).join('/')}`,
      name,
    })),
  ]
}

/**
 * The backup's files for staff: browse the backup folder, download one file
 * straight from the provider, or several as one zip built while it downloads.
 */
export default function BackupPage({ user, available, progress, root, listing, problem }: Props) {
  const [entries, setEntries] = useState(listing?.entries ?? [])
  const [cursor, setCursor] = useState(listing?.cursor ?? null)
  const [shownFor, setShownFor] = useState(listing)
  const [chosen, setChosen] = useState<Set<string>>(new Set())
  const [failure, setFailure] = useState<string | null>(null)
  if (shownFor !== listing) {
    // Another folder arrived: start its list afresh.
    setShownFor(listing)
    setEntries(listing?.entries ?? [])
    setCursor(listing?.cursor ?? null)
    setChosen(new Set())
  }

  async function more() {
    try {
      const query = new URLSearchParams({ path: listing!.path, cursor: cursor! })
      const page = await api<{ cursor: string | null; entries: Entry[] }>(
        'GET',
        `/api/cloudsync/files?${query}`
      )
      setEntries((shown) => [...shown, ...page.entries])
      setCursor(page.cursor)
    } catch (error) {
      setFailure(errorMessage(error))
    }
  }

  async function download(entry: Entry) {
    setFailure(null)
    try {
      const { url } = await api<{ url: string }>(
        'GET',
        `/api/cloudsync/download-url?${new URLSearchParams({ path: entry.path })}`
      )
      window.location.assign(url)
    } catch (error) {
      setFailure(errorMessage(error))
    }
  }

  function toggle(path: string, on: boolean) {
    setChosen((current) => {
      const next = new Set(current)
      if (on) next.add(path)
      else next.delete(path)
      return next
    })
  }

  const files = entries.filter((entry) => entry.kind === 'file')
  return (
    <AdminShell
      user={user}
      section="backup"
      title="Backup"
      description="Every finished upload is copied to the backup provider. Browse those copies and download them, even after the upload is gone from here."
    >
      <div className="ui-stack ui-stack-loose">
        {progress && (
          <section className="ui-panel" aria-labelledby="backup-progress-title">
            <h2 id="backup-progress-title">Progress</h2>
            <BackupProgress progress={progress} />
          </section>
        )}
        {!available && (
          <EmptyState
            title="No backup is set up"
            description="An admin connects a backup account and chooses its folder in Settings; the files appear here."
            action={
              user?.role === 'admin' ? (
                <ButtonLink href="/admin/settings#backup">Set up the backup</ButtonLink>
              ) : undefined
            }
          />
        )}
        {problem && (
          <Notice tone="danger" title="The backup cannot be shown right now">
            {problem}
          </Notice>
        )}
        {failure && <Notice tone="danger">{failure}</Notice>}
        {listing && (
          <section className="ui-panel ui-stack" aria-labelledby="backup-files-title">
            <h2 id="backup-files-title">Files</h2>
            <nav aria-label="Folder">
              <ol className="ui-cluster ui-breadcrumbs">
                {trail(listing.path, root ?? listing.path).map((crumb, index, all) => (
                  <li key={crumb.path}>
                    {index === all.length - 1 ? (
                      <span aria-current="page">{crumb.name}</span>
                    ) : (
                      <Link href={`/admin/backup?${new URLSearchParams({ path: crumb.path })}`}>
                        {crumb.name}
                      </Link>
                    )}
                  </li>
                ))}
              </ol>
            </nav>
            <DataTable
              caption={`Backed-up files in ${listing.path}`}
              rows={entries}
              rowKey={(entry) => entry.path}
              columns={[
                {
                  key: 'choose',
                  header: 'Choose',
                  cell: (entry) =>
                    entry.kind === 'file' ? (
                      <Checkbox
                        label={<span className="ui-visually-hidden">Choose {entry.name}</span>}
                        checked={chosen.has(entry.path)}
                        onChange={(event) => toggle(entry.path, event.target.checked)}
                      />
                    ) : null,
                },
                {
                  key: 'name',
                  header: 'Name',
                  primary: true,
                  cell: (entry) =>
                    entry.kind === 'folder' ? (
                      <Link href={`/admin/backup?${new URLSearchParams({ path: entry.path })}`}>
                        {entry.name}/
                      </Link>
                    ) : (
                      <span className="ui-break-anywhere">{entry.name}</span>
                    ),
                },
                {
                  key: 'size',
                  header: 'Size',
                  nowrap: true,
                  cell: (entry) => (entry.size === null ? '' : formatBytes(entry.size)),
                },
                {
                  key: 'modified',
                  header: 'Backed up',
                  nowrap: true,
                  cell: (entry) =>
                    entry.modifiedAt ? <time {...relativeTimeProps(entry.modifiedAt)} /> : '',
                },
              ]}
              actions={(entry) =>
                entry.kind === 'file' ? (
                  <Button size="small" variant="secondary" onClick={() => void download(entry)}>
                    Download
                  </Button>
                ) : null
              }
              empty={
                <EmptyState
                  title="Nothing here yet"
                  description="Uploads appear here, in a folder per day, once they are backed up."
                />
              }
            />
            {cursor && (
              <Button variant="ghost" onClick={() => void more()}>
                Show more
              </Button>
            )}
            {files.length > 0 && (
              <form method="post" action="/api/cloudsync/zip-files" className="ui-cluster">
                <CsrfField />
                {[...chosen].map((path) => (
                  <input key={path} type="hidden" name="paths[]" value={path} />
                ))}
                <Button type="submit" disabled={chosen.size === 0}>
                  Download {chosen.size === 0 ? 'chosen files' : `${chosen.size} file(s)`} as a zip
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  onClick={() =>
                    setChosen(
                      chosen.size === files.length
                        ? new Set()
                        : new Set(files.map((file) => file.path))
                    )
                  }
                >
                  {chosen.size === files.length ? 'Choose none' : 'Choose all'}
                </Button>
              </form>
            )}
          </section>
        )}
      </div>
    </AdminShell>
  )
}
