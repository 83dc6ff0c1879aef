import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { TransferAppDescription } from '#services/transfer/app_description'

/** GET /api/app-docs of spec 2: the live description, without secret values. */
export default class AppDocsController {
  @inject()
  async show(_ctx: HttpContext, description: TransferAppDescription) {
    return description.describe()
  }
}
