import { Link, router } from '@inertiajs/react'
import type { Data } from '~generated/data'
import { formatLocalTimestamp } from '~/components/shared/dates'
import { ButtonLink } from '~/components/shared/ui/button'
import { Pager, type PagerMeta as PageMeta } from '~/components/shared/ui/pager'

/** Whose downloads the log shows: one share's (?shareId), one upload's (?uploadId) or all. */
export type LogFilter = { shareId: string | null; uploadId: string | null }

/**
 * The download log, newest first, with its CSV export (of the same filter).
 * The page arrives with the log for its query string; paging visits the page
 * again and reloads only the log.
 */
export function LogList(props: {
  filter: LogFilter
  logs: { data: Data.Transfer.DownloadLog[]; meta: PageMeta }
}) {
  const result = props.logs
  const filter = new URLSearchParams()
  for (const key of ['shareId', 'uploadId'] as const) {
    const value = props.filter[key]
    if (value) {
      filter.set(key, value)
    }
  }

  function showPage(page: number) {
    router.get(
      '/admin/logs',
      { ...Object.fromEntries(filter), page },
      { only: ['logs'], preserveState: true, preserveScroll: true }
    )
  }

  const filtered = filter.size > 0
  const exportUrl = `/api/download-logs/export${filtered ? `?${filter}` : ''}`

  return (
    <section className="card">
      <div className="ui-cluster">
        <ButtonLink native variant="secondary" href={exportUrl} download>
          Export CSV
        </ButtonLink>
      </div>
      {filtered && (
        <p className="muted small">
          Showing one {filter.has('shareId') ? 'share' : 'upload'}’s downloads.{' '}
          <Link href="/admin/logs">Show all</Link>
        </p>
      )}
      {result.data.length === 0 ? (
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
                  <td>{formatLocalTimestamp(entry.downloadedAt)}</td>
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
      <Pager meta={result.meta} noun="downloads" onPage={showPage} />
    </section>
  )
}
