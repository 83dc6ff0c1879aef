import { useEffect, useRef, useState } from 'react'
import { Link, router } from '@inertiajs/react'
import type { Data } from '~generated/data'
import { useApi } from '~/components/shared/api'
import { describeAutoDeletion } from '~/components/transfer/file_format'
import { formatBytes } from '~/components/shared/format'
import { formatLocalTimestamp } from '~/components/shared/dates'
import { Pager, type PageMeta } from '~/components/shared/pager'

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
  const [message, setMessage] = useState<{ kind: 'error' | 'notice'; text: string } | null>(null)
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
    const shares =
      upload.shareCount > 0
        ? ` Its ${upload.shareCount} share link${upload.shareCount === 1 ? '' : 's'} will stop working.`
        : ''
    if (!window.confirm(`Delete ${upload.fileName} for good?${shares}`)) {
      return
    }
    const done = await deletion.send('DELETE', `/api/public-uploads/${upload.id}`)
    if (done) {
      setMessage({ kind: 'notice', text: `${upload.fileName} was deleted.` })
      router.reload({ only: ['uploads'] })
    } else {
      setMessage(null)
    }
  }

  const shown = deletion.errorText ? { kind: 'error' as const, text: deletion.errorText } : message

  return (
    <section className="card">
      <h1>Uploads</h1>
      <div className="row">
        <div>
          <label htmlFor="upload-search">Search</label>
          <input
            id="upload-search"
            type="search"
            placeholder="File or uploader"
            value={search}
            onChange={(event) => type(event.target.value)}
          />
        </div>
        <div>
          <label htmlFor="upload-sort">Sort</label>
          <select
            id="upload-sort"
            value={sort}
            onChange={(event) => {
              const [by, order] = event.target.value.split('-') as [
                UploadListing['sort'],
                UploadListing['order'],
              ]
              show({ sort: by, order, page: 1 })
            }}
          >
            {Object.entries(SORTS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {shown && (
        <p className={shown.kind} role={shown.kind === 'error' ? 'alert' : 'status'}>
          {shown.text}
        </p>
      )}
      {result.data.length === 0 ? (
        <p className="muted">{query ? 'No upload matches this search.' : 'No uploads yet.'}</p>
      ) : (
        <div className="tx-scroll">
          <table>
            <thead>
              <tr>
                <th>File</th>
                <th>Size</th>
                <th>From</th>
                <th>Received</th>
                <th>Shares</th>
                <th>
                  <span className="tx-hidden-label">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {result.data.map((upload) => (
                <tr key={upload.id}>
                  <td>
                    <div className="tx-file-name">{upload.fileName}</div>
                    <div className="muted small">
                      {upload.status === 'complete' ? (
                        upload.sha256 ? (
                          <span title={upload.sha256}>SHA-256 {upload.sha256.slice(0, 12)}…</span>
                        ) : (
                          `hash ${upload.hashStatus}`
                        )
                      ) : (
                        `uploading: ${formatBytes(upload.receivedBytes)} so far`
                      )}
                      {upload.backupStatus !== 'not_configured' &&
                        ` · backup ${upload.backupStatus}`}
                    </div>
                    {upload.deletesAt && (
                      <div className="small tx-auto-delete">
                        {describeAutoDeletion(upload.deletesAt)}
                      </div>
                    )}
                    {upload.keptByShare && (
                      <div className="small muted">
                        Kept while a share without an end date offers it
                      </div>
                    )}
                    {upload.message && <div className="small">“{upload.message}”</div>}
                  </td>
                  <td className="tx-nowrap">{formatBytes(upload.size)}</td>
                  <td>
                    {upload.uploaderName ?? ''}
                    {upload.uploaderEmail && (
                      <div className="muted small">{upload.uploaderEmail}</div>
                    )}
                  </td>
                  <td className="tx-nowrap">
                    {formatLocalTimestamp(upload.completedAt ?? upload.createdAt)}
                  </td>
                  <td>{upload.shareCount}</td>
                  <td className="tx-row-actions">
                    {upload.status === 'complete' && (
                      <>
                        <a href={`/api/public-uploads/${upload.id}/download`}>Download</a>
                        <Link href={`/admin/shares?upload=${upload.id}`}>Share</Link>
                      </>
                    )}
                    <button
                      type="button"
                      className="link tx-danger-link"
                      onClick={() => remove(upload)}
                      aria-label={`Delete ${upload.fileName}`}
                    >
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager meta={result.meta} noun="uploads" onPage={(page) => show({ page })} />
    </section>
  )
}
