import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import vine from '@vinejs/vine'
import { ActivityLogQueries } from '#services/schedule/activity/activity_log_queries'
import { pageUser } from '#services/schedule/people/page_viewer'
import { ScheduleLookups } from '#services/schedule/directory/lookups'
import { Clients } from '#services/schedule/directory/clients'
import { Locations } from '#services/schedule/directory/locations'
import { ResourceChoices } from '#services/schedule/directory/resource_choices'
import { ConflictFinder } from '#services/schedule/calendar/conflict_finder'
import { DayInfos } from '#services/schedule/projects/day_info'
import { ProjectTasks } from '#services/schedule/projects/project_tasks'
import { Roster } from '#services/schedule/projects/roster'
import { activeProject } from '#services/schedule/projects/project_records'
import { RecordNotFoundError } from '#services/schedule/directory/record_errors'
import { ShareLinks } from '#services/schedule/sharing/share_links'
import { serializer } from '#services/shared/serialize'
import ProjectTransformer from '#transformers/schedule/project_transformer'
import RosterEntryTransformer from '#transformers/schedule/roster_entry_transformer'
import DayInfoTransformer from '#transformers/schedule/day_info_transformer'
import ProjectTaskTransformer from '#transformers/schedule/project_task_transformer'
import ShareLinkTransformer from '#transformers/schedule/share_link_transformer'
import ClientTransformer from '#transformers/schedule/client_transformer'
import LocationTransformer from '#transformers/schedule/location_transformer'
import ActivityLogEntryTransformer from '#transformers/schedule/activity_log_entry_transformer'
import ResourceChoiceTransformer from '#transformers/schedule/resource_choice_transformer'
import { Activities } from '#services/schedule/production/activities'
import { DayGridColumns } from '#services/schedule/production/day_grid_columns'
import ActivityTransformer from '#transformers/schedule/activity_transformer'
import ScheduleColumnTransformer from '#transformers/schedule/schedule_column_transformer'
import { CallSheets } from '#services/schedule/production/call_sheets'
import CallSheetConfigTransformer from '#transformers/schedule/call_sheet_config_transformer'
import CallSheetDayOverrideTransformer from '#transformers/schedule/call_sheet_day_override_transformer'
import CallSheetContactTransformer from '#transformers/schedule/call_sheet_contact_transformer'

/** How many activity entries one page of the project's log shows. */
export const ACTIVITY_PER_PAGE = 20

const projectPageQuery = vine.create({
  activityPage: vine.number().withoutDecimals().min(1).optional(),
})

/**
 * GET /projects/:id: everything the project page shows on its first render
 * (the project, roster, days, tasks, share links, conflicts, the newest
 * activity, the production days' activities and grid columns, the call
 * sheets' settings, day overrides and contacts, and the crew
 * and vendors the roster's picker offers), so the page fetches nothing after
 * it mounts. Saves go through
 * the JSON API; the page then reloads only the props a save changes
 * (`activity`, `conflicts`), and pages the log with ?activityPage.
 */
@inject()
export default class ProjectPageController {
  constructor(
    protected lookups: ScheduleLookups,
    protected roster: Roster,
    protected dayInfos: DayInfos,
    protected tasks: ProjectTasks,
    protected shareLinks: ShareLinks,
    protected conflictFinder: ConflictFinder,
    protected clients: Clients,
    protected locations: Locations,
    protected logs: ActivityLogQueries,
    protected choices: ResourceChoices,
    protected activities: Activities,
    protected gridColumns: DayGridColumns,
    protected callSheets: CallSheets
  ) {}

  async show({ inertia, params, request, scheduleUser }: HttpContext) {
    const user = pageUser(scheduleUser)
    const projectId = Number(params.id)
    const { activityPage } = await projectPageQuery.validate(request.qs())
    const project = await activeProject(projectId).catch((error: unknown) => {
      if (error instanceof RecordNotFoundError) {
        return null
      }
      throw error
    })
    // One read after another, not Promise.all: inside a transaction (the
    // tests' global one) they share one client, where pg refuses overlapping queries.
    const lookups = await this.lookups.all()
    const activity = await this.activity(projectId, project ? (activityPage ?? 1) : 1)
    if (!project) {
      // The page's own "not found" state, which points to the trash.
      return inertia.render('schedule/project', {
        ...{ user, projectId, lookups, activity },
        ...{ project: null, roster: [], dayInfo: [], tasks: [], shareLinks: [], conflicts: [] },
        ...{ clients: [], locations: [], resourceChoices: [] },
        productionDays: { activities: [], columns: [] },
        callSheets: null,
      })
    }
    const roster = await this.roster.entries(projectId)
    const dayInfo = await this.dayInfos.rows(projectId)
    const tasks = await this.tasks.list(projectId)
    const shareLinks = await this.shareLinks.list({
      resourceType: 'project',
      resourceId: projectId,
    })
    // Resolved ones too: the roster shows how each was settled.
    const conflicts = await this.conflictFinder.find({
      from: project.startDate,
      to: project.endDate,
      projectId,
      includeResolved: true,
    })
    const clients = await this.clients.list()
    const locations = await this.locations.list({})
    const resourceChoices = await this.choices.of(['crew', 'vendor'])
    const activities = await this.activities.list(projectId)
    const columns = await this.gridColumns.list(projectId)
    const callSheetConfig = await this.callSheets.config(projectId)
    const overrides = await this.callSheets.overrides(projectId)
    const contacts = await this.callSheets.contacts(projectId)
    return inertia.render('schedule/project', {
      user,
      projectId,
      lookups,
      activity,
      conflicts,
      project: ProjectTransformer.transform(project),
      roster: RosterEntryTransformer.transform(roster),
      dayInfo: DayInfoTransformer.transform(dayInfo),
      tasks: ProjectTaskTransformer.transform(tasks),
      shareLinks: ShareLinkTransformer.transform(shareLinks),
      clients: ClientTransformer.transform(clients),
      locations: LocationTransformer.transform(locations),
      resourceChoices: ResourceChoiceTransformer.transform(resourceChoices),
      productionDays: await serializer.serialize({
        activities: ActivityTransformer.transform(activities),
        columns: ScheduleColumnTransformer.transform(columns),
      }),
      callSheets: await serializer.serialize({
        config: CallSheetConfigTransformer.transform(callSheetConfig),
        overrides: CallSheetDayOverrideTransformer.transform(overrides),
        contacts: CallSheetContactTransformer.transform(contacts),
      }),
    })
  }

  /** One page of the project's activity, newest first, as GET /api/activity-logs pages it. */
  protected async activity(projectId: number, page: number) {
    const result = await this.logs.paginate({ projectId }, page, ACTIVITY_PER_PAGE)
    const meta = {
      total: result.total,
      perPage: result.perPage,
      currentPage: result.currentPage,
      lastPage: result.lastPage,
    }
    return serializer.serialize({
      meta,
      data: ActivityLogEntryTransformer.transform(result.all()),
    })
  }
}
