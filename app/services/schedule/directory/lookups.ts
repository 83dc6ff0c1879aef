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
    // One list after another, not Promise.all: inside a transaction (the
    // tests' global one, or a caller's) the reads share one client, where pg
    // refuses overlapping queries. Six small reads cost little in a row.
    const statuses = await this.rows<Status>('statuses')
    const projectStatuses = await this.rows<ProjectStatus>('project-statuses')
    const crewRoles = await this.rows<CrewRole>('crew-roles')
    const vendorTypes = await this.rows<VendorType>('vendor-types')
    const locationTypes = await this.rows<LocationType>('location-types')
    const regions = await this.rows<Region>('regions')
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
