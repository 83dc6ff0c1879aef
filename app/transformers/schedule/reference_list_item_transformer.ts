import { BaseTransformer } from '@adonisjs/core/transformers'
import Status from '#models/schedule/status'
import ProjectStatus from '#models/schedule/project_status'
import ActivityType from '#models/schedule/activity_type'
import type { ReferenceListRow } from '#services/schedule/directory/reference_lists'
import StatusTransformer from '#transformers/schedule/status_transformer'
import ProjectStatusTransformer from '#transformers/schedule/project_status_transformer'
import NamedListItemTransformer from '#transformers/schedule/named_list_item_transformer'

/** A plain named entry, with the fields a status or a project status adds. */
type ReferenceListItem = ReturnType<NamedListItemTransformer['toObject']> &
  Partial<Pick<ReturnType<StatusTransformer['toObject']>, 'icon' | 'booksPerson' | 'isDefault'>>

/**
 * An entry of any of the six reference lists, as its /api route answers it:
 * a status, a project status, or a plain named entry.
 */
export default class ReferenceListItemTransformer extends BaseTransformer<ReferenceListRow> {
  toObject(): ReferenceListItem {
    const row = this.resource
    if (row instanceof Status) {
      return new StatusTransformer(row).toObject()
    }
    if (row instanceof ProjectStatus) {
      return new ProjectStatusTransformer(row).toObject()
    }
    if (row instanceof ActivityType) {
      return this.pick(row, ['id', 'name', 'color', 'icon', 'sortOrder'])
    }
    return new NamedListItemTransformer(row).toObject()
  }
}
