import { router } from '@inertiajs/react'
import { relativeTimeProps } from '~/components/shared/dates'
import { Pager } from '~/components/shared/ui/pager'
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
    <section className="ui-panel" aria-labelledby="activity-heading">
      <h2 id="activity-heading">Activity</h2>
      {data.length === 0 && (
        <p className="ui-muted">
          Nothing has happened yet. Every change to the project, its roster and its tasks is listed
          here, with who made it.
        </p>
      )}
      {data.length > 0 && (
        <>
          <ol className="sc-activity">
            {data.map((entry) => (
              <li key={entry.id}>
                <time className="ui-muted" {...relativeTimeProps(entry.createdAt)} />
                <span>
                  <strong>{entry.actorName ?? 'Someone'}</strong> {entry.summary}
                  <ChangedFields entry={entry} />
                </span>
              </li>
            ))}
          </ol>
          {meta.lastPage > 1 && (
            <Pager
              noun={meta.total === 1 ? 'entry' : 'entries'}
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

/*
 * What an update changed, in words ("title, call time"), for the fields its
 * summary does not already tell (a roster or project summary names each
 * change with its values: "crew role none → Gaffer").
 */
const FIELD_LABELS: Record<string, string> = {
  statusId: 'status',
  crewRoleId: 'crew role',
  projectStatusId: 'project status',
  clientId: 'client',
  locationId: 'location',
  regionId: 'region',
  crewId: 'crew member',
  vendorId: 'vendor',
  startDate: 'dates',
  endDate: 'dates',
  color: 'colour',
  textColor: 'text colour',
  isScheduled: 'working that day',
}

function fieldLabel(field: string) {
  return FIELD_LABELS[field] ?? field.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()
}

function ChangedFields({ entry }: { entry: Data.Schedule.ActivityLogEntry }) {
  if (entry.action !== 'update' || !entry.changes) return null
  const summary = entry.summary.toLowerCase()
  const labels = [...new Set(Object.keys(entry.changes).map(fieldLabel))].filter(
    (label) => !summary.includes(label)
  )
  if (labels.length === 0) return null
  return <span className="ui-muted"> (changed {labels.join(', ')})</span>
}
