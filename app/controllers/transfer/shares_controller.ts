import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { downloaderOf, originOf } from '#services/transfer/download_requester'
import { ShareAccessError, ShareDownloadService } from '#services/transfer/share_download_service'
import { ShareDownloadVisits } from '#services/transfer/share_download_visits'
import { TransferSettings } from '#services/transfer/transfer_settings'
import { ThemePages } from '#services/transfer/theme/theme_pages'
import { serializer } from '#services/shared/serialize'
import PublicShareTransformer from '#transformers/transfer/public_share_transformer'
import { shareDownloadValidator } from '#validators/transfer/share_validators'

/** The recipient's side of a share (spec 2: /api/share/:token and the page at /s/:token). */
@inject()
export default class SharesController {
  constructor(
    protected downloads: ShareDownloadService,
    protected settings: TransferSettings,
    protected themes: ThemePages
  ) {}

  async show({ params, response }: HttpContext) {
    try {
      return await serializer.serialize(
        PublicShareTransformer.transform(await this.downloads.open(params.token))
      )
    } catch (error) {
      return this.refuse(error, response)
    }
  }

  async download(ctx: HttpContext) {
    const { password } = await ctx.request.validateUsing(shareDownloadValidator)
    try {
      return await this.downloads.download(
        ctx.params.token,
        password,
        await downloaderOf(ctx),
        originOf(ctx),
        ShareDownloadVisits.visitOf(ctx.session.sessionId)
      )
    } catch (error) {
      return this.refuse(error, ctx.response)
    }
  }

  /** The share page: the file and a download button, or why there is nothing to download. */
  async page({ params, inertia, response }: HttpContext) {
    const siteName = await this.settings.get('site_name')
    const theme = await this.themes.publicTheme('share')
    try {
      const share = PublicShareTransformer.transform(
        await this.downloads.open(params.token)
      ).useVariant('forPage')
      return inertia.render('transfer/share', { siteName, theme, share, unavailable: null })
    } catch (error) {
      if (!(error instanceof ShareAccessError) || (error.status !== 404 && error.status !== 410)) {
        throw error
      }
      response.status(error.status)
      return inertia.render('transfer/share', {
        siteName,
        theme,
        share: null,
        unavailable: { status: error.status, message: error.message },
      })
    }
  }

  protected refuse(error: unknown, response: HttpContext['response']) {
    if (!(error instanceof ShareAccessError)) {
      throw error
    }
    if (error.retryAfter > 0) {
      response.header('Retry-After', String(error.retryAfter))
    }
    return response.status(error.status).send({ error: error.message })
  }
}
