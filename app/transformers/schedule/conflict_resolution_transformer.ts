import { BaseTransformer } from '@adonisjs/core/transformers'
import type ConflictResolution from '#models/schedule/conflict_resolution'

/** A double booking someone accepted (spec 3: conflict-resolutions). */
export default class ConflictResolutionTransformer extends BaseTransformer<ConflictResolution> {
  toObject() {
    return {
      id: this.resource.id,
      kind: this.resource.resourceType,
      resourceId: this.resource.resourceId,
      date: this.resource.date,
      projectIds: this.resource.projectIds,
      note: this.resource.note,
      resolvedBy: this.resource.resolvedBy,
      resolvedByName: this.resource.resolvedByName,
      createdAt: this.resource.createdAt.toISO(),
    }
  }
}
