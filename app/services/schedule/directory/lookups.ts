import { inject } from '@adonisjs/core'
import { ReferenceLists } from '#services/schedule/directory/reference_lists'
import { serializer } from '#services/shared/serialize'
import StatusTransformer from '#transformers/schedule/status_transformer'
import ProjectStatusTransformer from '#transformers/schedule/project_status_transformer'
import NamedListItemTransformer from '#transformers/schedule/named_list_item_transformer'
import ActivityTypeTransformer from '#transformers/schedule/activity_type_transformer'

/**
 * The seven admin-editable lists that label and colour everything else, read
 * in one go for a page's first render (the `lookups` prop), so no page
 * fetches them after mount.
 */
@inject()
export class ScheduleLookups {
  constructor(protected lists: ReferenceLists) {}

  async all() {
    // One list after another, not Promise.all: inside a transaction (the
    // tests' global one, or a caller's) the reads share one client, where pg
    // refuses overlapping queries. Seven small reads cost little in a row.
    const statuses = await this.lists.list('statuses')
    const projectStatuses = await this.lists.list('project-statuses')
    const crewRoles = await this.lists.list('crew-roles')
    const vendorTypes = await this.lists.list('vendor-types')
    const locationTypes = await this.lists.list('location-types')
    const regions = await this.lists.list('regions')
    const activityTypes = await this.lists.list('activity-types')
    return serializer.serialize({
      statuses: StatusTransformer.transform(statuses),
      projectStatuses: ProjectStatusTransformer.transform(projectStatuses),
      crewRoles: NamedListItemTransformer.transform(crewRoles),
      vendorTypes: NamedListItemTransformer.transform(vendorTypes),
      locationTypes: NamedListItemTransformer.transform(locationTypes),
      regions: NamedListItemTransformer.transform(regions),
      activityTypes: ActivityTypeTransformer.transform(activityTypes),
    })
  }
}
