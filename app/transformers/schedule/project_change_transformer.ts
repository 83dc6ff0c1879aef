import { BaseTransformer } from '@adonisjs/core/transformers'
import type { ProjectChange } from '#services/schedule/projects/projects'
import ProjectTransformer from '#transformers/schedule/project_transformer'
import ConflictTransformer from '#transformers/schedule/conflict_transformer'

/** A saved project and the open conflicts it is now part of (PATCH /api/projects/:id). */
export default class ProjectChangeTransformer extends BaseTransformer<ProjectChange> {
  toObject() {
    return {
      project: ProjectTransformer.transform(this.resource.project),
      conflicts: ConflictTransformer.transform(this.resource.conflicts),
    }
  }
}
