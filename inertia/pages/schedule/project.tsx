import { useCallback, useMemo, useState } from 'react'
import { Head, Link, router } from '@inertiajs/react'
import { api, errorMessage } from '~/components/shared/api'
import { ConfirmButton } from '~/components/shared/confirm_button'
import { ScheduleShell, type SessionUser } from '~/components/schedule/schedule_shell'
import { useToast } from '~/components/shared/toasts'
import type { Lookups } from '~/components/schedule/lookups'
import { daysOf, formatRange } from '~/components/shared/dates'
import { warnAboutNewConflicts } from '~/components/schedule/calendar/conflict_resolution'
import { ShareLinksPanel } from '~/components/schedule/sharing/share_links_panel'
import { ProjectDetails } from '~/components/schedule/projects/project_details'
import { Roster } from '~/components/schedule/projects/roster'
import { DayInfoTable } from '~/components/schedule/projects/day_info'
import { Tasks } from '~/components/schedule/projects/tasks'
import { ActivityLogList, type ActivityPage } from '~/components/schedule/activity/activity_log'
import type { Data } from '~generated/data'

type DayInfo = Data.Schedule.DayInfo
type Conflict = Data.Schedule.Conflict

/** GET /projects/:id: the first render has everything; `project` is null for a missing one. */
type ProjectPageProps = {
  user: SessionUser
  projectId: number
  project: Data.Schedule.Project | null
  roster: Data.Schedule.RosterEntry[]
  dayInfo: DayInfo[]
  tasks: Data.Schedule.ProjectTask[]
  shareLinks: Data.Schedule.ShareLink[]
  conflicts: Conflict[]
  activity: ActivityPage
  clients: Data.Schedule.Client[]
  locations: Data.Schedule.Location[]
  /** The crew and vendors the roster's add box offers. */
  resourceChoices: Data.Schedule.ResourceChoice[]
  lookups: Lookups
}

export default function ProjectPage(props: ProjectPageProps) {
  return (
    <ScheduleShell user={props.user} title="Project">
      {props.project ? (
        <ProjectView {...props} project={props.project} />
      ) : (
        <section className="card sc-page-card">
          <h1>Project not found</h1>
          <p>
            This project does not exist, or it was deleted. Deleted projects wait in the{' '}
            <Link href="/trash">trash</Link> for 30 days, where you can restore them.
          </p>
          <Link className="button" href="/calendar">
            Back to the calendar
          </Link>
        </section>
      )}
    </ScheduleShell>
  )
}

function emptyDay(projectId: number, date: string): DayInfo {
  return {
    id: null,
    projectId,
    date,
    title: null,
    callTime: null,
    wrapTime: null,
    notes: null,
    locationId: null,
  }
}

/**
 * Everything about one project on one page. Each change saves at once; a
 * change that double-books someone warns (it never blocks), and the
 * project's conflicts show on the roster. After a save the page reloads
 * only the props the change affects: the conflicts and the activity log.
 */
function ProjectView(props: ProjectPageProps & { project: Data.Schedule.Project }) {
  const toast = useToast()
  const { projectId, lookups, clients, locations, conflicts } = props
  const [project, setProject] = useState(props.project)
  const [roster, setRoster] = useState(props.roster)
  const [dayInfo, setDayInfo] = useState(props.dayInfo)

  const refresh = useCallback(() => {
    router.get(
      `/projects/${projectId}`,
      {},
      { only: ['conflicts', 'activity'], preserveState: true, preserveScroll: true, replace: true }
    )
  }, [projectId])

  /** After any saved change: warn about new double bookings, refresh conflicts and the log. */
  const afterSave = useCallback(
    (saved?: Conflict[]) => {
      if (saved) {
        warnAboutNewConflicts(toast, conflicts, saved, projectId)
      }
      refresh()
    },
    [conflicts, projectId, toast, refresh]
  )

  const days = useMemo(() => daysOf(project.startDate, project.endDate), [project])

  async function deleteProject() {
    try {
      await api('DELETE', `/api/projects/${projectId}`)
      router.visit('/calendar')
    } catch (error) {
      toast.error(`Could not delete the project: ${errorMessage(error)}`)
    }
  }

  const openConflicts = conflicts.filter((conflict) => !conflict.resolution).length
  return (
    <div className="sc-project">
      <Head title={project.name} />
      <header className="sc-project-header" style={{ borderLeftColor: project.color }}>
        <div>
          <h1>{project.name}</h1>
          <p className="muted">
            {formatRange(project.startDate, project.endDate)} · {days.length}{' '}
            {days.length === 1 ? 'day' : 'days'}
            {openConflicts > 0 && (
              <>
                {' · '}
                <a className="sc-conflict-count" href="#roster-heading">
                  {openConflicts} double {openConflicts === 1 ? 'booking' : 'bookings'}
                </a>
              </>
            )}
          </p>
        </div>
        <div className="sc-buttons">
          <Link className="button secondary" href={`/calendar?date=${project.startDate}`}>
            Show in calendar
          </Link>
          <ConfirmButton
            danger
            label="Delete project"
            title={`Delete ${project.name}?`}
            confirmLabel="Delete project"
            onConfirm={deleteProject}
          >
            <p>
              The project moves to the trash with its roster, notes and tasks. Anyone can restore it
              from there within 30 days.
            </p>
          </ConfirmButton>
        </div>
      </header>

      <div className="card">
        <ProjectDetails
          project={project}
          lookups={lookups}
          clients={clients}
          locations={locations}
          onSaved={(saved, savedConflicts) => {
            setProject((current) => ({ ...current, ...saved }))
            afterSave(savedConflicts)
          }}
        />
      </div>

      <div className="card">
        <Roster
          projectId={projectId}
          days={days}
          roster={roster}
          choices={props.resourceChoices}
          lookups={lookups}
          conflicts={conflicts}
          onRoster={setRoster}
          afterSave={afterSave}
        />
      </div>

      <div className="sc-columns">
        <div className="card">
          <Tasks projectId={projectId} tasks={props.tasks} onChanged={refresh} />
        </div>
        <div className="card">
          <ShareLinksPanel
            resourceType="project"
            resourceId={projectId}
            resourceName={project.name}
            links={props.shareLinks}
          />
        </div>
      </div>

      <div className="card">
        <DayInfoTable
          projectId={projectId}
          days={days}
          dayInfo={dayInfo}
          locations={locations}
          onDayInfo={(date, saved) => {
            setDayInfo((current) => {
              const day = current.find((other) => other.date === date) ?? emptyDay(projectId, date)
              return [...current.filter((other) => other.date !== date), { ...day, ...saved }]
            })
            refresh()
          }}
        />
      </div>

      <div className="card">
        <ActivityLogList projectId={projectId} activity={props.activity} />
      </div>
    </div>
  )
}
