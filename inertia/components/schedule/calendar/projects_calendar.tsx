import { useCallback, useMemo, useState } from 'react'
import { api } from '~/components/shared/api'
import { useToast } from '~/components/shared/toasts'
import type { Conflict, ConflictsData, Project, ProjectStatus } from '~/components/schedule/types'
import { formatRange } from '~/components/shared/dates'
import { type CalendarView, type DateRange } from './calendar_dates'
import type { CalendarProject } from './calendar_types'
import { conflictWarning } from './conflict_text'
import { NewProjectDialog, type NewProject } from './new_project_dialog'
import { ProjectsWeeks } from './projects_weeks'
import { errorText, useApiData } from './use_api_data'

let temporaryId = -1

/**
 * Projects mode for month, two weeks and week: loads the projects and the
 * conflicts of the visible days and saves what is dragged, at once and
 * optimistically; a refused save puts the bar back and says why.
 */
export function ProjectsCalendar(props: {
  view: CalendarView
  anchor: string
  range: DateRange
  projectStatuses: ProjectStatus[]
}) {
  const toast = useToast()
  const query = `from=${props.range.from}&to=${props.range.to}`
  const projects = useApiData<Project[]>(`/api/projects?${query}`)
  const conflicts = useApiData<ConflictsData>(`/api/conflicts-data?${query}&includeResolved=true`)
  const [creating, setCreating] = useState<DateRange | null>(null)
  const { setData: setProjects, track } = projects
  const refreshConflicts = conflicts.refresh

  const conflictsByProject = useMemo(() => {
    const map = new Map<number, Conflict[]>()
    for (const conflict of conflicts.data?.conflicts ?? []) {
      for (const id of conflict.projectIds) {
        const list = map.get(id)
        if (list) list.push(conflict)
        else map.set(id, [conflict])
      }
    }
    return map
  }, [conflicts.data])

  const warn = useCallback(
    (found: Conflict[] | undefined) => {
      const text = conflictWarning(found ?? [])
      if (text) toast.warning(text)
    },
    [toast]
  )

  const reschedule = useCallback(
    (project: CalendarProject, startDate: string, endDate: string) => {
      const before = { startDate: project.startDate, endDate: project.endDate }
      const put = (dates: { startDate: string; endDate: string }) =>
        setProjects((list) =>
          list ? list.map((item) => (item.id === project.id ? { ...item, ...dates } : item)) : list
        )
      put({ startDate, endDate })
      track(
        api<{ project: Project; conflicts: Conflict[] }>('PATCH', `/api/projects/${project.id}`, {
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
            `${project.name} could not move to ${formatRange(startDate, endDate, { compact: true })}: ${errorText(failure)}`
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
      const draft: Project = {
        id,
        name: values.name,
        startDate: values.startDate,
        endDate: values.endDate,
        color: status?.color ?? '#64748b',
        textColor: '#ffffff',
        notes: null,
        clientId: values.clientId,
        locationId: null,
        projectStatusId: values.projectStatusId,
        regionId: null,
        createdBy: null,
        createdAt: new Date().toISOString(),
        updatedAt: null,
      }
      setProjects((list) => [...(list ?? []), draft])
      const body: Record<string, unknown> = {
        name: values.name,
        startDate: values.startDate,
        endDate: values.endDate,
      }
      if (values.clientId !== null) body.clientId = values.clientId
      if (values.projectStatusId !== null) body.projectStatusId = values.projectStatusId
      track(api<Project>('POST', '/api/projects', body))
        .then((saved) => {
          setProjects((list) => list?.map((item) => (item.id === id ? saved : item)) ?? list)
          toast.info(`Created ${saved.name}.`)
        })
        .catch((failure: unknown) => {
          setProjects((list) => list?.filter((item) => item.id !== id) ?? list)
          toast.error(`${values.name} could not be created: ${errorText(failure)}`)
        })
    },
    [props.projectStatuses, setProjects, track, toast]
  )

  return (
    <section className="cal-projects" aria-busy={!projects.ready}>
      <div className="cal-subbar">
        <button
          type="button"
          className="secondary"
          onClick={() => setCreating({ from: props.anchor, to: props.anchor })}
        >
          New project
        </button>
        <span className="muted small">
          Drag across days to create a project; drag a bar or its ends to change its dates.
        </span>
      </div>
      {projects.error && (
        <p className="error" role="alert">
          {projects.error}
        </p>
      )}
      <ProjectsWeeks
        view={props.view}
        anchor={props.anchor}
        range={props.range}
        projects={projects.data ?? []}
        conflicts={conflictsByProject}
        onCreate={setCreating}
        onReschedule={reschedule}
      />
      <NewProjectDialog
        range={creating}
        projectStatuses={props.projectStatuses}
        onCancel={() => setCreating(null)}
        onCreate={create}
      />
    </section>
  )
}
