import { BaseTransformer } from '@adonisjs/core/transformers'
import type ProjectStatus from '#models/schedule/project_status'

/** A project's status (spec 3: project statuses). */
export default class ProjectStatusTransformer extends BaseTransformer<ProjectStatus> {
  toObject() {
    return this.pick(this.resource, ['id', 'name', 'icon', 'color', 'sortOrder', 'isDefault'])
  }
}
