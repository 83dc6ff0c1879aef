import { BaseTransformer } from '@adonisjs/core/transformers'
import type Project from '#models/schedule/project'

/** A project as the API shows it (spec 3, projects), without internal columns. */
export default class ProjectTransformer extends BaseTransformer<Project> {
  toObject() {
    const project = this.resource
    return {
      ...this.pick(project, [
        'id',
        'name',
        'startDate',
        'endDate',
        'color',
        'textColor',
        'notes',
        'clientId',
        'locationId',
        'projectStatusId',
        'regionId',
        'createdBy',
      ]),
      createdAt: project.createdAt.toISO()!,
      updatedAt: project.updatedAt?.toISO() ?? null,
    }
  }

  /** The calendar's and the search's lists: with how many active people each books. */
  forList() {
    return {
      ...this.toObject(),
      crewCount: Number(this.resource.$extras.crew_count ?? 0),
      vendorCount: Number(this.resource.$extras.vendors_count ?? 0),
    }
  }
}
