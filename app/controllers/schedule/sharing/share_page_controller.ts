import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { ShareLinkGoneError, ShareView } from '#services/schedule/sharing/share_view'
import { RecordNotFoundError } from '#services/schedule/directory/record_errors'
import ShareViewTransformer from '#transformers/schedule/share_view_transformer'

/**
 * GET /share/:token, public: the page a share link opens, with the shared
 * schedule in its first render (as a recipient sees it: no internal
 * statuses, only the people a booking holds), or why there is none (404 unknown, 410
 * revoked or expired) under that status.
 */
@inject()
export default class SharePageController {
  constructor(protected view: ShareView) {}

  async show({ inertia, params, response }: HttpContext) {
    // A shared schedule changes; a cached copy must not outlive a revocation.
    response.header('Cache-Control', 'no-store')
    try {
      const share = ShareViewTransformer.transform(
        await this.view.open(String(params.token))
      ).useVariant('forRecipient')
      return inertia.render('schedule/share', { share, gone: null })
    } catch (error) {
      if (error instanceof ShareLinkGoneError || error instanceof RecordNotFoundError) {
        const status = error instanceof ShareLinkGoneError ? 410 : 404
        response.status(status)
        return inertia.render('schedule/share', {
          share: null,
          gone: { status, message: error.message },
        })
      }
      throw error
    }
  }
}
