import { inject } from '@adonisjs/core'
import { ReferenceLists } from '#services/schedule/directory/reference_lists'
import { serializer } from '#services/shared/serialize'
import StatusTransformer from '#transformers/schedule/status_transformer'
import ProjectStatusTransformer from '#transformers/schedule/project_status_transformer'
import NamedListItemTransformer from '#transformers/schedule/named_list_item_transformer'

/**
 * The six admin-editable lists that label and colour everything else, read
 * in one go for a page's first render (the `lookups` prop), so no page
 * fetches them after mount.
 */
@inject()
export class ScheduleLookups {
  constructor(protected lists: ReferenceLists) {}

  async all() {
    const [statuses, projectStatuses, crewRoles, vendorTypes, locationTypes, regions] =
      await Promise.all([
        this.lists.list('statuses'),
        this.lists.list('project-statuses'),
        this.lists.list('crew-roles'),
        this.lists.list('vendor-types'),
        this.lists.list('location-types'),
        this.lists.list('regions'),
      ])
    return serializer.serialize({
      statuses: StatusTransformer.transform(statuses),
      projectStatuses: ProjectStatusTransformer.transform(projectStatuses),
      crewRoles: NamedListItemTransformer.transform(crewRoles),
      vendorTypes: NamedListItemTransformer.transform(vendorTypes),
      locationTypes: NamedListItemTransformer.transform(locationTypes),
      regions: NamedListItemTransformer.transform(regions),
    })
  }
}
