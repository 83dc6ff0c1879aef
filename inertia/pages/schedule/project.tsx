import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { Head, router } from '@inertiajs/react'
import { api, ApiError } from '~/components/shared/api'
import { ConfirmButton } from '~/components/shared/confirm_button'
import { ScheduleShell } from '~/components/schedule/schedule_shell'
import { useToast } from '~/components/shared/toasts'
import { errorMessage } from '~/components/shared/api'
import type { Lookups } from '~/components/schedule/lookups'
import { daysOf, formatRange } from '~/components/shared/dates'
import { warnAboutNewConflicts } from '~/components/schedule/calendar/conflict_resolution'
import { ShareLinksPanel } from '~/components/schedule/sharing/share_links_panel'
import { ProjectDetails } from '~/components/schedule/projects/project_details'
import { Roster } from '~/components/schedule/projects/roster'
import { DayInfoTable } from '~/components/schedule/projects/day_info'
import { Tasks } from '~/components/schedule/projects/tasks'
import { ActivityLogList } from '~/components/schedule/activity/activity_log'
import type {
  Client,
  Conflict,
  ConflictsData,
  DayInfo,
  Location,
  Project,
  ProjectDetail,
  RosterEntry,
  SessionUser,
} from '~/components/schedule/types'

export default function ProjectPage({
  user,
  projectId,
  lookups,
}: {
  user: SessionUser
  projectId: number
  lookups: Lookups
}) {
  return (
    <ScheduleShell user={user} title="Project">
      <ProjectView projectId={projectId} lookups={lookups} />
    </ScheduleShell>
  )
}

type Load = { state: 'loading' } | { state: 'missing' } | { state: 'failed'; message: string }

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
 * project's conflicts show on the roster.
 */
function ProjectView(props: { projectId: number; lookups: Lookups }) {
  const toast = useToast()
  const { projectId, lookups } = props
  const [project, setProject] = useState<Project | null>(null)
  const [load, setLoad] = useState<Load>({ state: 'loading' })
  const [roster, setRoster] = useState<RosterEntry[]>([])
  const [dayInfo, setDayInfo] = useState<DayInfo[]>([])
  const [clients, setClients] = useState<Client[]>([])
  const [locations, setLocations] = useState<Location[]>([])
  const [conflicts, setConflicts] = useState<Conflict[]>([])
  const [version, setVersion] = useState(0)
  const conflictsRef = useRef<Conflict[]>([])

  useEffect(() => {
    api<ProjectDetail>('GET', `/api/projects/${projectId}`)
      .then((detail) => {
        const { roster: entries, dayInfo: days, ...own } = detail
        setProject(own)
        setRoster(entries)
        setDayInfo(days)
      })
      .catch((error: unknown) =>
        setLoad(
          error instanceof ApiError && error.status === 404
            ? { state: 'missing' }
            : { state: 'failed', message: errorMessage(error) }
        )
      )
    Promise.all([api<Client[]>('GET', '/api/clients'), api<Location[]>('GET', '/api/locations')])
      .then(([clientList, locationList]) => {
        setClients(clientList)
        setLocations(locationList)
      })
      .catch((error: unknown) =>
        toast.error(`Could not load clients and locations: ${errorMessage(error)}`)
      )
  }, [projectId, toast])

  const startDate = project?.startDate
  const endDate = project?.endDate
  const [conflictCheck, setConflictCheck] = useState(0)
  useEffect(() => {
    if (!startDate || !endDate) {
      return
    }
    let current = true
    const query = new URLSearchParams({ from: startDate, to: endDate, includeResolved: 'true' })
    api<ConflictsData>('GET', `/api/conflicts-data?${query}`)
      .then((data) => {
        if (current) {
          const mine = data.conflicts.filter((conflict) => conflict.projectIds.includes(projectId))
          conflictsRef.current = mine
          setConflicts(mine)
        }
      })
      .catch((error: unknown) =>
        toast.error(`Could not check for double bookings: ${errorMessage(error)}`)
      )
    return () => {
      current = false
    }
  }, [projectId, startDate, endDate, toast, conflictCheck])

  /** After any saved change: warn about new double bookings, refresh conflicts and the log. */
  const afterSave = useCallback(
    (saved?: Conflict[]) => {
      if (saved) {
        warnAboutNewConflicts(toast, conflictsRef.current, saved, projectId)
      }
      setConflictCheck((current) => current + 1)
      setVersion((current) => current + 1)
    },
    [projectId, toast]
  )

  const days = useMemo(() => (project ? daysOf(project.startDate, project.endDate) : []), [project])

  async function deleteProject() {
    try {
      await api('DELETE', `/api/projects/${projectId}`)
      router.visit('/calendar')
    } catch (error) {
      toast.error(`Could not delete the project: ${errorMessage(error)}`)
    }
  }

  if (!project) {
    if (load.state === 'missing') {
      return (
        <section className="card sc-page-card">
          <h1>Project not found</h1>
          <p>
            This project does not exist, or it was deleted. Deleted projects wait in the{' '}
            <a href="/trash">trash</a> for 30 days, where you can restore them.
          </p>
          <a className="button" href="/calendar">
            Back to the calendar
          </a>
        </section>
      )
    }
    if (load.state === 'failed') {
      return (
        <p className="error" role="alert">
          Could not load the project: {load.message}
        </p>
      )
    }
    return <p className="muted">Loading…</p>
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
          <a className="button secondary" href={`/calendar?date=${project.startDate}`}>
            Show in calendar
          </a>
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
            setProject((current) => current && { ...current, ...saved })
            afterSave(savedConflicts)
          }}
        />
      </div>

      <div className="card">
        <Roster
          projectId={projectId}
          days={days}
          roster={roster}
          lookups={lookups}
          conflicts={conflicts}
          onRoster={setRoster}
          afterSave={afterSave}
        />
      </div>

      <div className="sc-columns">
        <div className="card">
          <Tasks projectId={projectId} onChanged={() => setVersion((current) => current + 1)} />
        </div>
        <div className="card">
          <ShareLinksPanel
            resourceType="project"
            resourceId={projectId}
            resourceName={project.name}
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
            setVersion((current) => current + 1)
          }}
        />
      </div>

      <div className="card">
        <ActivityLogList projectId={projectId} version={version} />
      </div>
    </div>
  )
}
