import { useEffect, useState } from 'react'
import { api, ApiError } from '~/components/shared/api'
import { formatDateTime } from './file_format'
import { Pager, type PageMeta } from '~/components/shared/pager'

type LogEntry = {
  id: string
  shareId: string | null
  uploadId: string | null
  fileName: string
  downloadedBy: { id: string; email: string | null; displayName: string | null } | null
  ip: string
  browser: string | null
  os: string | null
  deviceType: string
  userAgent: string | null
  downloadedAt: string
}

/** The download log, newest first, with its CSV export (of the same filter). */
export function LogList() {
  // The shares page links here with ?shareId=<id> for one share's downloads.
  const [filter] = useState(() => {
    const params = new URL(window.location.href).searchParams
    const found = new URLSearchParams()
    for (const key of ['shareId', 'uploadId']) {
      const value = params.get(key)
      if (value) {
        found.set(key, value)
      }
    }
    return found
  })
  const [page, setPage] = useState(1)
  const [result, setResult] = useState<{ data: LogEntry[]; meta: PageMeta } | null>(null)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    const params = new URLSearchParams(filter)
    params.set('page', String(page))
    api<{ data: LogEntry[]; meta: PageMeta }>('GET', `/api/download-logs?${params}`)
      .then(setResult)
      .catch((failure: unknown) =>
        setError(failure instanceof ApiError ? failure.message : 'Could not load the log')
      )
  }, [filter, page])

  const filtered = filter.size > 0
  const exportUrl = `/api/download-logs/export${filtered ? `?${filter}` : ''}`

  return (
    <section className="card">
      <div className="tx-heading-row">
        <h1>Download log</h1>
        <a className="button secondary" href={exportUrl} download>
          Export CSV
        </a>
      </div>
      {filtered && (
        <p className="muted small">
          Showing one {filter.has('shareId') ? 'share' : 'upload'}’s downloads.{' '}
          <a href="/admin/logs">Show all</a>
        </p>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {result === null ? (
        <p className="muted">Loading…</p>
      ) : result.data.length === 0 ? (
        <p className="muted">No downloads yet.</p>
      ) : (
        <div className="tx-scroll">
          <table>
            <thead>
              <tr>
                <th>When</th>
                <th>File</th>
                <th>Who</th>
                <th>Address</th>
                <th>Browser</th>
                <th>Device</th>
              </tr>
            </thead>
            <tbody>
              {result.data.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatDateTime(entry.downloadedAt)}</td>
                  <td className="tx-file-name">{entry.fileName}</td>
                  <td>
                    {entry.downloadedBy
                      ? (entry.downloadedBy.displayName ?? entry.downloadedBy.email)
                      : entry.shareId
                        ? 'Recipient'
                        : 'Uploader'}
                  </td>
                  <td className="tx-mono">{entry.ip}</td>
                  <td title={entry.userAgent ?? ''}>
                    {[entry.browser, entry.os].filter(Boolean).join(' on ') || 'Unknown'}
                  </td>
                  <td>{entry.deviceType}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {result && <Pager meta={result.meta} noun="downloads" onPage={setPage} />}
    </section>
  )
}
