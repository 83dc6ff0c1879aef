import { Link, router } from '@inertiajs/react'
import type { Data } from '~generated/data'
import { formatExactTimestamp, formatLocalTimestamp } from '~/components/shared/dates'
import { ButtonLink } from '~/components/shared/ui/button'
import { DataTable } from '~/components/shared/ui/data_table'
import { EmptyState } from '~/components/shared/ui/empty_state'
import { Pager, type PageMeta } from '~/components/shared/ui/pager'

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
    <div className="ui-stack">
      <div className="ui-cluster">
        <ButtonLink native variant="secondary" href={exportUrl} download>
          Export CSV
        </ButtonLink>
        {filtered && (
          <span className="ui-muted">
            Showing one {filter.has('shareId') ? 'share' : 'upload'}’s downloads.{' '}
            <Link href="/admin/logs">Show all</Link>
          </span>
        )}
      </div>
      <DataTable
        caption="Downloads, newest first"
        rows={result.data}
        rowKey={(entry) => entry.id}
        empty={
          <EmptyState
            title="No downloads yet"
            description="Each time someone downloads a shared file, it is listed here: when, which file, and from which device."
            action={
              <ButtonLink href="/admin/shares" variant="secondary">
                Share a file
              </ButtonLink>
            }
          />
        }
        columns={[
          {
            key: 'when',
            header: 'When',
            nowrap: true,
            cell: (entry) => (
              <time dateTime={entry.downloadedAt} title={formatExactTimestamp(entry.downloadedAt)}>
                {formatLocalTimestamp(entry.downloadedAt)}
              </time>
            ),
          },
          {
            key: 'file',
            header: 'File',
            primary: true,
            cell: (entry) => <span className="ui-break-anywhere">{entry.fileName}</span>,
          },
          {
            key: 'who',
            header: 'Who',
            cell: (entry) =>
              entry.downloadedBy
                ? (entry.downloadedBy.displayName ?? entry.downloadedBy.email)
                : entry.shareId
                  ? 'Recipient'
                  : 'Uploader',
          },
          { key: 'address', header: 'Address', cell: (entry) => entry.ip },
          {
            key: 'browser',
            header: 'Browser',
            cell: (entry) => (
              <span title={entry.userAgent ?? ''}>
                {[entry.browser, entry.os].filter(Boolean).join(' on ') || 'Unknown'}
              </span>
            ),
          },
          { key: 'device', header: 'Device', cell: (entry) => entry.deviceType },
        ]}
      />
      <Pager meta={result.meta} noun="downloads" onPage={showPage} />
    </div>
  )
}
