import { BaseTransformer } from '@adonisjs/core/transformers'
import type { ProjectDetail } from '#services/schedule/projects/projects'
import ProjectTransformer from '#transformers/schedule/project_transformer'
import ClientTransformer from '#transformers/schedule/client_transformer'
import LocationTransformer from '#transformers/schedule/location_transformer'
import ProjectStatusTransformer from '#transformers/schedule/project_status_transformer'
import RosterEntryTransformer from '#transformers/schedule/roster_entry_transformer'
import DayInfoTransformer from '#transformers/schedule/day_info_transformer'

/**
 * One project with its client, location and status (null when it has none)
 * and its roster and day info (GET /api/projects/:id).
 */
export default class ProjectDetailTransformer extends BaseTransformer<ProjectDetail> {
  toObject() {
    const detail = this.resource
    return {
      ...new ProjectTransformer(detail.project).toObject(),
      client: ClientTransformer.transform(detail.client),
      location: LocationTransformer.transform(detail.location),
      projectStatus: ProjectStatusTransformer.transform(detail.projectStatus),
      roster: RosterEntryTransformer.transform(detail.roster),
      dayInfo: DayInfoTransformer.transform(detail.dayInfo),
    }
  }
}
