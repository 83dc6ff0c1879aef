import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { TransferSettings, isSettingKey } from '#services/transfer/transfer_settings'
import { serializer } from '#services/shared/serialize'
import SettingTransformer from '#transformers/transfer/setting_transformer'

/** GET /api/settings and PUT /api/settings/:key of spec 2. */
@inject()
export default class SettingsController {
  constructor(protected settings: TransferSettings) {}

  async index() {
    return serializer.serialize(SettingTransformer.transform(await this.settings.all()))
  }

  /** Each key has its own rule, so a bad value is a 422 on the field `value`. */
  async update({ params, request, response, session }: HttpContext) {
    const key = String(params.key)
    if (!isSettingKey(key)) {
      return response.status(404).send({ error: 'Unknown setting' })
    }
    await this.settings.set(key, request.input('value'), session.get('userId'))
    return serializer.serialize(SettingTransformer.transform(await this.settings.find(key)))
  }
}
