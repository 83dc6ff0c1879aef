import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { ShareView } from '#services/schedule/sharing/share_view'
import { serializer } from '#services/shared/serialize'
import ShareViewTransformer from '#transformers/schedule/share_view_transformer'

/** GET /api/share/:token (spec 3, public): what the link's holder may see. */
@inject()
export default class PublicShareController {
  constructor(protected view: ShareView) {}

  async show({ params, response }: HttpContext) {
    // A shared schedule changes; a cached copy must not outlive a revocation.
    response.header('Cache-Control', 'no-store')
    return serializer.serialize(ShareViewTransformer.transform(await this.view.open(params.token)))
  }
}
