import { inject } from '@adonisjs/core'
import {
  ReferenceLists,
  type ReferenceListName,
} from '#services/schedule/directory/reference_lists'
import type Status from '#models/schedule/status'
import type ProjectStatus from '#models/schedule/project_status'
import type CrewRole from '#models/schedule/crew_role'
import type VendorType from '#models/schedule/vendor_type'
import type LocationType from '#models/schedule/location_type'
import type Region from '#models/schedule/region'
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
        this.rows<Status>('statuses'),
        this.rows<ProjectStatus>('project-statuses'),
        this.rows<CrewRole>('crew-roles'),
        this.rows<VendorType>('vendor-types'),
        this.rows<LocationType>('location-types'),
        this.rows<Region>('regions'),
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

  /** ReferenceLists reads every list through one model-agnostic query. */
  protected async rows<Row>(name: ReferenceListName) {
    return (await this.lists.list(name)) as unknown as Row[]
  }
}
