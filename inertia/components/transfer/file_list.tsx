import { useEffect, useRef, useState } from 'react'
import { router } from '@inertiajs/react'
import type { Data } from '~generated/data'
import { useApi } from '~/components/shared/api'
import { OutcomeNotice, type Outcome } from '~/components/transfer/outcome_notice'
import { describeAutoDeletion } from '~/components/transfer/file_format'
import { formatBytes, formatNumber } from '~/components/shared/format'
import { formatExactTimestamp, formatLocalTimestamp } from '~/components/shared/dates'
import { Badge } from '~/components/shared/ui/badge'
import { Button, ButtonLink } from '~/components/shared/ui/button'
import { ConfirmDialog } from '~/components/shared/ui/confirm_dialog'
import { DataTable, type DataColumn } from '~/components/shared/ui/data_table'
import { EmptyState } from '~/components/shared/ui/empty_state'
import { Field, TextInput } from '~/components/shared/ui/field'
import { Select } from '~/components/shared/ui/select'
import { Pager, type PageMeta } from '~/components/shared/ui/pager'

/** Where an upload's backup stands, in words, with its progress while it is sent. */
function BackupBadge({ upload }: { upload: UploadRow }) {
  switch (upload.backupStatus) {
    case 'done':
      return (
        <span>
          <Badge tone="success">
            <span title={upload.backupPath ?? undefined}>Backed up</span>
          </Badge>
        </span>
      )
    case 'uploading':
      return (
        <span>
          <Badge tone="info">
            Backing up {Math.floor((upload.backupBytesDone / Math.max(upload.size, 1)) * 100)}%
          </Badge>
        </span>
      )
    case 'pending':
      return (
        <span>
          <Badge tone="neutral">Waiting for backup</Badge>
        </span>
      )
    case 'failed':
      return (
        <span>
          <Badge tone="danger">
            <span title={upload.backupError ?? undefined}>Backup failed</span>
          </Badge>
        </span>
      )
    default:
      return null
  }
}

/** An upload as the list shows it, with when the hourly cleanup deletes it. */
export type UploadRow = Data.Transfer.StaffUpload.Variants['forUploadsPage']

/** What the list shows: the query string's search, sort, order and page, as the server read it. */
export type UploadListing = {
  search: string
  sort: 'created' | 'name' | 'size'
  order: 'asc' | 'desc'
  page: number
}

const SORTS = {
  'created-desc': 'Newest first',
  'created-asc': 'Oldest first',
  'name-asc': 'Name A–Z',
  'name-desc': 'Name Z–A',
  'size-desc': 'Largest first',
  'size-asc': 'Smallest first',
} as const

type SortKey = keyof typeof SORTS

/**
 * The staff file list: search, sort, page, download, share, delete. The page
 * arrives with the list for its query string; searching, sorting and paging
 * visit the same page with a new query string and reload only the list.
 */
export function FileList(props: {
  listing: UploadListing
  uploads: { data: UploadRow[]; meta: PageMeta }
}) {
  const { listing, uploads: result } = props
  const [search, setSearch] = useState(listing.search)
  const sort = `${listing.sort}-${listing.order}` as SortKey
  const query = listing.search
  const [message, setMessage] = useState<Outcome | null>(null)
  const deletion = useApi()

  function show(changes: Partial<UploadListing>) {
    const next = { ...listing, ...changes }
    const params: Record<string, string | number> = { sort: next.sort, order: next.order }
    if (next.search) {
      params.search = next.search
    }
    if (next.page > 1) {
      params.page = next.page
    }
    router.get('/admin', params, {
      only: ['listing', 'uploads'],
      preserveState: true,
      preserveScroll: true,
      replace: true,
    })
  }

  // Search as the person types, once they pause.
  const searchTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(searchTimer.current), [])
  function type(text: string) {
    setSearch(text)
    clearTimeout(searchTimer.current)
    searchTimer.current = setTimeout(() => show({ search: text.trim(), page: 1 }), 300)
  }

  async function remove(upload: UploadRow) {
    const done = await deletion.send('DELETE', `/api/public-uploads/${upload.id}`)
    if (done) {
      setMessage({ kind: 'notice', text: `${upload.fileName} was deleted.` })
      router.reload({ only: ['uploads'] })
    } else {
      setMessage(null)
    }
  }

  const shown = deletion.errorText ? { kind: 'error' as const, text: deletion.errorText } : message

  const columns: DataColumn<UploadRow>[] = [
    {
      key: 'file',
      header: 'File',
      primary: true,
      cell: (upload) => (
        <div className="ui-stack-tight">
          <strong className="ui-break-anywhere">{upload.fileName}</strong>
          <span className="ui-muted">
            {upload.status === 'complete' ? (
              upload.sha256 ? (
                <span title={upload.sha256}>SHA-256 {upload.sha256.slice(0, 12)}…</span>
              ) : (
                `hash ${upload.hashStatus}`
              )
            ) : (
              `uploading: ${formatBytes(upload.receivedBytes)} so far`
            )}
          </span>
          <BackupBadge upload={upload} />
          {upload.deletesAt && (
            <span>
              <Badge tone="warning">{describeAutoDeletion(upload.deletesAt)}</Badge>
            </span>
          )}
          {upload.keptByShare && (
            <span className="ui-muted">Kept while a share without an end date offers it</span>
          )}
          {upload.message && <span className="ui-preserve-lines">“{upload.message}”</span>}
        </div>
      ),
    },
    {
      key: 'size',
      header: 'Size',
      align: 'end',
      nowrap: true,
      cell: (upload) => formatBytes(upload.size),
    },
    {
      key: 'from',
      header: 'From',
      cell: (upload) => (
        <div className="ui-stack-tight">
          {upload.uploaderName && <span>{upload.uploaderName}</span>}
          {upload.uploaderEmail && (
            <span className="ui-muted ui-break-anywhere">{upload.uploaderEmail}</span>
          )}
          {!upload.uploaderName && !upload.uploaderEmail && (
            <span className="ui-muted">Not given</span>
          )}
        </div>
      ),
    },
    {
      key: 'received',
      header: 'Received',
      nowrap: true,
      cell: (upload) => {
        const at = upload.completedAt ?? upload.createdAt
        return (
          <time dateTime={at} title={formatExactTimestamp(at)}>
            {formatLocalTimestamp(at)}
          </time>
        )
      },
    },
    {
      key: 'shares',
      header: 'Shares',
      align: 'end',
      cell: (upload) => formatNumber(upload.shareCount),
    },
  ]

  return (
    <div className="ui-stack">
      <div className="ui-form-grid">
        <Field label="Search">
          <TextInput
            type="search"
            placeholder="File or uploader"
            value={search}
            onChange={(event) => type(event.target.value)}
          />
        </Field>
        <Field label="Sort">
          <Select
            value={sort}
            options={Object.entries(SORTS).map(([value, label]) => ({ value, label }))}
            onValueChange={(value) => {
              const [by, order] = value.split('-') as [
                UploadListing['sort'],
                UploadListing['order'],
              ]
              show({ sort: by, order, page: 1 })
            }}
          />
        </Field>
      </div>
      <OutcomeNotice outcome={shown} />
      <DataTable
        caption="Uploads"
        columns={columns}
        rows={result.data}
        rowKey={(upload) => upload.id}
        empty={
          query ? (
            <EmptyState
              title="No upload matches this search"
              description="Try part of the file's name, or the uploader's name or email."
            />
          ) : (
            <EmptyState
              title="No uploads yet"
              description="Files visitors send on the public upload page appear here, ready to download or share."
              action={
                <ButtonLink native href="/" variant="secondary">
                  Open the upload page
                </ButtonLink>
              }
            />
          )
        }
        actions={(upload) => (
          <>
            {upload.status === 'complete' && (
              <>
                <ButtonLink
                  native
                  size="small"
                  variant="secondary"
                  href={`/api/public-uploads/${upload.id}/download`}
                >
                  Download
                </ButtonLink>
                <ButtonLink
                  size="small"
                  variant="secondary"
                  href={`/admin/shares?upload=${upload.id}`}
                >
                  Share
                </ButtonLink>
              </>
            )}
            <ConfirmDialog
              trigger={
                <Button size="small" variant="ghost" aria-label={`Delete ${upload.fileName}`}>
                  Delete
                </Button>
              }
              title={`Delete ${upload.fileName} for good?`}
              description={
                upload.shareCount > 0
                  ? `Its ${upload.shareCount} share link${upload.shareCount === 1 ? '' : 's'} will stop working.`
                  : 'The file is removed from storage; this cannot be undone.'
              }
              confirmLabel="Delete"
              onConfirm={() => remove(upload)}
            />
          </>
        )}
      />
      <Pager meta={result.meta} noun="uploads" onPage={(page) => show({ page })} />
    </div>
  )
}
