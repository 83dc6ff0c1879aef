import { inject } from '@adonisjs/core'
import { ScheduleAppDescription } from '#services/schedule/settings/app_description'

/** GET /api/app-docs (spec 3, public): the live description, without secret values. */
@inject()
export default class AppDocsController {
  constructor(protected description: ScheduleAppDescription) {}

  async show() {
    return this.description.describe()
  }
}
