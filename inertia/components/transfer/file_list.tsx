import { useEffect, useState } from 'react'
import { Link } from '@inertiajs/react'
import { api, ApiError } from '~/components/shared/api'
import { formatBytes, formatDateTime } from './file_format'
import { Pager, type PageMeta } from '~/components/shared/pager'

export type StaffUpload = {
  id: string
  fileName: string
  mimeType: string
  size: number
  receivedBytes: number
  status: 'uploading' | 'complete'
  uploaderName: string | null
  uploaderEmail: string | null
  message: string | null
  sha256: string | null
  hashStatus: string
  backupStatus: string
  createdAt: string
  completedAt: string | null
  expiresAt: string | null
  shareCount: number
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

/** The staff file list: search, sort, page, download, share, delete. */
export function FileList() {
  const [search, setSearch] = useState('')
  const [query, setQuery] = useState('')
  const [sort, setSort] = useState<SortKey>('created-desc')
  const [page, setPage] = useState(1)
  const [result, setResult] = useState<{ data: StaffUpload[]; meta: PageMeta } | null>(null)
  const [message, setMessage] = useState<{ kind: 'error' | 'notice'; text: string } | null>(null)
  const [reload, setReload] = useState(0)

  // Search as the person types, once they pause.
  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(search.trim())
      setPage(1)
    }, 300)
    return () => clearTimeout(timer)
  }, [search])

  useEffect(() => {
    const [by, order] = sort.split('-')
    const params = new URLSearchParams({ sort: by, order, page: String(page), perPage: '25' })
    if (query) {
      params.set('search', query)
    }
    let current = true
    api<{ data: StaffUpload[]; meta: PageMeta }>('GET', `/api/public-uploads?${params}`)
      .then((loaded) => current && setResult(loaded))
      .catch((error: unknown) =>
        setMessage({
          kind: 'error',
          text: error instanceof ApiError ? error.message : 'Could not load the uploads',
        })
      )
    return () => {
      current = false
    }
  }, [query, sort, page, reload])

  async function remove(upload: StaffUpload) {
    const shares =
      upload.shareCount > 0
        ? ` Its ${upload.shareCount} share link${upload.shareCount === 1 ? '' : 's'} will stop working.`
        : ''
    if (!window.confirm(`Delete ${upload.fileName} for good?${shares}`)) {
      return
    }
    try {
      await api('DELETE', `/api/public-uploads/${upload.id}`)
      setMessage({ kind: 'notice', text: `${upload.fileName} was deleted.` })
      setReload((count) => count + 1)
    } catch (error) {
      setMessage({
        kind: 'error',
        text: error instanceof ApiError ? error.message : 'Could not delete the upload',
      })
    }
  }

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
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <div>
          <label htmlFor="upload-sort">Sort</label>
          <select
            id="upload-sort"
            value={sort}
            onChange={(event) => {
              setSort(event.target.value as SortKey)
              setPage(1)
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
      {message && (
        <p className={message.kind} role={message.kind === 'error' ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
      {result === null ? (
        <p className="muted">Loading…</p>
      ) : result.data.length === 0 ? (
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
                      {upload.expiresAt && ` · removed ${formatDateTime(upload.expiresAt)}`}
                    </div>
                    {upload.message && <div className="small">“{upload.message}”</div>}
                  </td>
                  <td>{formatBytes(upload.size)}</td>
                  <td>
                    {upload.uploaderName ?? ''}
                    {upload.uploaderEmail && (
                      <div className="muted small">{upload.uploaderEmail}</div>
                    )}
                  </td>
                  <td>{formatDateTime(upload.completedAt ?? upload.createdAt)}</td>
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
      {result && <Pager meta={result.meta} noun="uploads" onPage={setPage} />}
    </section>
  )
}
