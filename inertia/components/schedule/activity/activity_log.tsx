import { router } from '@inertiajs/react'
import { Pager } from '~/components/shared/pager'
import { formatTimestamp } from '~/components/shared/dates'
import type { Data } from '~generated/data'

/** One page of a project's log, newest first, as the project page's `activity` prop carries it. */
export type ActivityPage = {
  meta: { total: number; perPage: number; currentPage: number; lastPage: number }
  data: Data.Schedule.ActivityLogEntry[]
}

/**
 * Who changed what on the project, newest first. Another page of the log is
 * a partial reload of the `activity` prop (?activityPage); a change made on
 * the page reloads it at its newest page.
 */
export function ActivityLogList(props: { projectId: number; activity: ActivityPage }) {
  const { meta, data } = props.activity

  function showPage(page: number) {
    router.get(`/projects/${props.projectId}`, page > 1 ? { activityPage: page } : {}, {
      only: ['activity'],
      preserveState: true,
      preserveScroll: true,
    })
  }

  return (
    <section className="sc-section" aria-labelledby="activity-heading">
      <h2 id="activity-heading">Activity</h2>
      {data.length === 0 && <p className="sc-empty">Nothing has happened yet.</p>}
      {data.length > 0 && (
        <>
          <ol className="sc-activity">
            {data.map((entry) => (
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
          {meta.lastPage > 1 && (
            <Pager
              noun="entries"
              meta={{
                total: meta.total,
                page: meta.currentPage,
                perPage: meta.perPage,
                lastPage: meta.lastPage,
              }}
              onPage={showPage}
            />
          )}
        </>
      )}
    </section>
  )
}
