import { useEffect, useState } from 'react'
import { api } from '~/components/shared/api'
import { Pager } from '~/components/shared/pager'
import { errorMessage } from '~/components/shared/api'
import { formatTimestamp } from '~/components/shared/dates'
import type { ActivityLog, Paginated } from '~/components/schedule/types'

const PER_PAGE = 20

/**
 * Who changed what on the project, newest first. `version` goes up with every
 * change made on this page, which brings the first page back up to date.
 */
export function ActivityLogList(props: { projectId: number; version: number }) {
  // A page asked for before the latest change counts no more: the log opens at its newest page.
  const [requested, setRequested] = useState({ page: 1, version: props.version })
  const page = requested.version === props.version ? requested.page : 1
  const [result, setResult] = useState<Paginated<ActivityLog> | null>(null)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    const query = new URLSearchParams({
      projectId: String(props.projectId),
      page: String(page),
      perPage: String(PER_PAGE),
    })
    let current = true
    api<Paginated<ActivityLog>>('GET', `/api/activity-logs?${query}`)
      .then((loaded) => {
        if (current) {
          setResult(loaded)
          setError(null)
        }
      })
      .catch(
        (failure: unknown) =>
          current && setError(`Could not load the activity: ${errorMessage(failure)}`)
      )
    return () => {
      current = false
    }
  }, [props.projectId, props.version, page])

  return (
    <section className="sc-section" aria-labelledby="activity-heading">
      <h2 id="activity-heading">Activity</h2>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {result?.data.length === 0 && <p className="sc-empty">Nothing has happened yet.</p>}
      {result && result.data.length > 0 && (
        <>
          <ol className="sc-activity">
            {result.data.map((entry) => (
              <li key={entry.id}>
                <span className="muted small sc-nowrap">{formatTimestamp(entry.createdAt)}</span>
                <span>
                  <strong>{entry.actorName ?? 'Someone'}</strong> {entry.summary}
                  {entry.action === 'update' &&
                    entry.changes &&
                    Object.keys(entry.changes).length > 0 && (
                      <span className="muted small">
                        {' '}
                        ({Object.keys(entry.changes).join(', ')})
                      </span>
                    )}
                </span>
              </li>
            ))}
          </ol>
          {result.meta.lastPage > 1 && (
            <Pager
              noun="entries"
              meta={{
                total: result.meta.total,
                page: result.meta.currentPage,
                perPage: result.meta.perPage,
                lastPage: result.meta.lastPage,
              }}
              onPage={(next) => setRequested({ page: next, version: props.version })}
            />
          )}
        </>
      )}
    </section>
  )
}
