import { lazy, Suspense, useCallback, useMemo, useState } from 'react'
import { router } from '@inertiajs/react'
import type { Data } from '~generated/data'
import type { Lookups } from '~/components/schedule/lookups'
import { api, errorMessage } from '~/components/shared/api'
import { useToast } from '~/components/shared/ui/toast'
import { formatRange } from '~/components/shared/dates'
import { Button } from '~/components/shared/ui/button'
import { PlusIcon } from '~/components/shared/ui/icons'
import { type CalendarView, type DateRange } from './calendar_dates'
import type { CalendarBar, Conflict, ProductionData } from './calendar_types'
import { conflictWarning } from './conflict_text'
import { FirstStart, type CalendarSetup } from './first_start'
import type { NewProject } from './new_project_dialog'
import { indexProduction } from './production_day'
import { ProjectsWeeks } from './projects_weeks'
import { RANGE_PROPS, useRangeData } from './use_range_data'

let temporaryId = -1

/** Its fields (a date picker, lists) load when it first opens, not with the calendar. */
const NewProjectDialog = lazy(() =>
  import('./new_project_dialog').then((module) => ({ default: module.NewProjectDialog }))
)

/**
 * Projects mode for month, two weeks and week: draws the projects and the
 * conflicts of the visible days (page props), in the week with what each
 * project's day holds, and saves what is dragged, at once and
 * optimistically; a refused save puts the bar back and says why.
 */
export function ProjectsCalendar(props: {
  /** Before anything is planned, the first steps show above the weeks. */
  setup: CalendarSetup | undefined
  lookups: Lookups
  view: CalendarView
  anchor: string
  range: DateRange
  projects: CalendarBar[] | null
  conflicts: Conflict[] | null
  /** The week view's production days (title, call and wrap of each project's day). */
  production: ProductionData | null
  /** Whom a new project can be for. */
  clients: Data.Schedule.Client[]
  projectStatuses: Data.Schedule.ProjectStatus[]
  /** False while another range is on its way. */
  ready: boolean
}) {
  const toast = useToast()
  const projects = useRangeData(props.projects, RANGE_PROPS)
  const [creating, setCreating] = useState<DateRange | null>(null)
  const { setData: setProjects, track } = projects
  const refreshConflicts = useCallback(() => router.reload({ only: ['conflicts'] }), [])

  const conflictsByProject = useMemo(() => {
    const map = new Map<number, Conflict[]>()
    for (const conflict of props.conflicts ?? []) {
      for (const id of conflict.projectIds) {
        const list = map.get(id)
        if (list) list.push(conflict)
        else map.set(id, [conflict])
      }
    }
    return map
  }, [props.conflicts])

  const production = useMemo(() => indexProduction(props.production), [props.production])

  const statusesById = useMemo(
    () => new Map(props.projectStatuses.map((status) => [status.id, status])),
    [props.projectStatuses]
  )

  const warn = useCallback(
    (found: Conflict[] | undefined) => {
      const text = conflictWarning(found ?? [])
      if (text) toast.warning(text)
    },
    [toast]
  )

  const reschedule = useCallback(
    (project: CalendarBar, startDate: string, endDate: string) => {
      const before = { startDate: project.startDate, endDate: project.endDate }
      const put = (dates: { startDate: string; endDate: string }) =>
        setProjects((list) =>
          list ? list.map((item) => (item.id === project.id ? { ...item, ...dates } : item)) : list
        )
      put({ startDate, endDate })
      track(
        api<Data.Schedule.ProjectChange>('PATCH', `/api/projects/${project.id}`, {
          startDate,
          endDate,
        })
      )
        .then((answer) => {
          put({ startDate: answer.project.startDate, endDate: answer.project.endDate })
          warn(answer.conflicts)
          refreshConflicts()
        })
        .catch((failure: unknown) => {
          put(before)
          toast.error(
            `${project.name} could not move to ${formatRange(startDate, endDate, { compact: true })}: ${errorMessage(failure)}`
          )
        })
    },
    [setProjects, track, warn, refreshConflicts, toast]
  )

  const create = useCallback(
    (values: NewProject) => {
      setCreating(null)
      const id = temporaryId--
      const status = props.projectStatuses.find((item) => item.id === values.projectStatusId)
      const draft: CalendarBar = {
        id,
        name: values.name,
        startDate: values.startDate,
        endDate: values.endDate,
        color: status?.color ?? '#64748b',
        textColor: '#ffffff',
        projectStatusId: values.projectStatusId,
        clientName: props.clients.find((client) => client.id === values.clientId)?.name ?? null,
        crewCount: 0,
      }
      setProjects((list) => [...(list ?? []), draft])
      const body: Record<string, unknown> = {
        name: values.name,
        startDate: values.startDate,
        endDate: values.endDate,
      }
      if (values.clientId !== null) body.clientId = values.clientId
      if (values.projectStatusId !== null) body.projectStatusId = values.projectStatusId
      track(api<Data.Schedule.Project>('POST', '/api/projects', body))
        .then((saved) => {
          const bar: CalendarBar = { ...saved, clientName: draft.clientName, crewCount: 0 }
          setProjects((list) => list?.map((item) => (item.id === id ? bar : item)) ?? list)
          toast.info(`Created ${saved.name}.`)
        })
        .catch((failure: unknown) => {
          setProjects((list) => list?.filter((item) => item.id !== id) ?? list)
          toast.error(`${values.name} could not be created: ${errorMessage(failure)}`)
        })
    },
    [props.projectStatuses, props.clients, setProjects, track, toast]
  )

  return (
    <section className="cal-projects" aria-busy={!props.ready}>
      <div className="cal-subbar">
        <Button
          variant="secondary"
          icon={<PlusIcon size={18} />}
          onClick={() => setCreating({ from: props.anchor, to: props.anchor })}
        >
          New project
        </Button>
        <span className="ui-muted">
          Drag across days to create a project; drag a bar or its ends to change its dates.
        </span>
      </div>
      {props.setup && !props.setup.hasProjects && (projects.data ?? []).length === 0 && (
        <FirstStart
          setup={props.setup}
          lookups={props.lookups}
          onNewProject={() => setCreating({ from: props.anchor, to: props.anchor })}
        />
      )}
      <ProjectsWeeks
        view={props.view}
        anchor={props.anchor}
        range={props.range}
        projects={projects.data ?? []}
        conflicts={conflictsByProject}
        production={production}
        statuses={statusesById}
        onCreate={setCreating}
        onReschedule={reschedule}
      />
      {creating && (
        <Suspense>
          <NewProjectDialog
            range={creating}
            clients={props.clients}
            projectStatuses={props.projectStatuses}
            onCancel={() => setCreating(null)}
            onCreate={create}
          />
        </Suspense>
      )}
    </section>
  )
}
