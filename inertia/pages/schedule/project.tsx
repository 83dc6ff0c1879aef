import { useCallback, useMemo, useState } from 'react'
import { Head, Link, router } from '@inertiajs/react'
import { api, errorMessage } from '~/components/shared/api'
import { ScheduleShell, type SessionUser } from '~/components/schedule/schedule_shell'
import type { Lookups } from '~/components/schedule/lookups'
import { daysOf, formatRange } from '~/components/shared/dates'
import { warnAboutNewConflicts } from '~/components/schedule/calendar/conflict_resolution'
import { ShareLinksPanel } from '~/components/schedule/sharing/share_links_panel'
import { ProjectDetails } from '~/components/schedule/projects/project_details'
import { Roster } from '~/components/schedule/projects/roster'
import { DayInfoTable } from '~/components/schedule/projects/day_info'
import {
  ProductionDays,
  type ProductionDaysData,
} from '~/components/schedule/production/production_days'
import {
  CallSheetEditor,
  type CallSheetsData,
} from '~/components/schedule/production/call_sheet_editor'
import { Tasks } from '~/components/schedule/projects/tasks'
import { ActivityLogList, type ActivityPage } from '~/components/schedule/activity/activity_log'
import { Swatch } from '~/components/schedule/status_badge'
import { Button, ButtonLink } from '~/components/shared/ui/button'
import { ItemExportMenu } from '~/components/schedule/exports/export_menu'
import { ConfirmDialog } from '~/components/shared/ui/confirm_dialog'
import { PageHeader } from '~/components/shared/ui/page_header'
import { useToast } from '~/components/shared/ui/toast'
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
  productionDays: ProductionDaysData
  /** Null only for a missing project. */
  callSheets: CallSheetsData | null
}

export default function ProjectPage(props: ProjectPageProps) {
  return (
    <ScheduleShell user={props.user} title={props.project?.name ?? 'Project not found'}>
      {props.project ? (
        <ProjectView {...props} project={props.project} />
      ) : (
        <PageHeader
          title="Project not found"
          description={
            <>
              This project does not exist, or it was deleted. Deleted projects wait in the{' '}
              <Link href="/trash">trash</Link> for 30 days, where you can restore them.
            </>
          }
          actions={<ButtonLink href="/calendar">Back to the calendar</ButtonLink>}
        />
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
      throw error
    }
  }

  const openConflicts = conflicts.filter((conflict) => !conflict.resolution).length
  return (
    <div className="ui-stack ui-stack-loose">
      <Head title={project.name} />
      <PageHeader
        title={
          <>
            <Swatch color={project.color} />
            {project.name}
          </>
        }
        description={
          <>
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
          </>
        }
        actions={
          <>
            <ButtonLink variant="secondary" href={`/calendar?date=${project.startDate}`}>
              Show in calendar
            </ButtonLink>
            <ItemExportMenu base={`/api/projects/${projectId}/export`} />
            <ConfirmDialog
              trigger={<Button variant="danger">Delete project</Button>}
              title={`Delete ${project.name}?`}
              description="The project moves to the trash with its roster, notes and tasks. Anyone can restore it from there within 30 days."
              confirmLabel="Delete project"
              onConfirm={deleteProject}
            />
          </>
        }
      />

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

      <div className="sc-columns">
        <Tasks projectId={projectId} tasks={props.tasks} onChanged={refresh} />
        <ShareLinksPanel
          resourceType="project"
          resourceId={projectId}
          resourceName={project.name}
          links={props.shareLinks}
        />
      </div>

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

      <ProductionDays
        projectId={projectId}
        days={days}
        roster={roster}
        activityTypes={lookups.activityTypes}
        initial={props.productionDays}
      />

      {props.callSheets && (
        <CallSheetEditor
          projectId={projectId}
          days={days}
          roster={roster}
          locations={locations}
          initial={props.callSheets}
        />
      )}

      <ActivityLogList projectId={projectId} activity={props.activity} />
    </div>
  )
}
