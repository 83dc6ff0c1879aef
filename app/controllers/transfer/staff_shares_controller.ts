import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { DownloadGrants } from '#services/transfer/download_grants'
import { downloaderOf, originOf } from '#services/transfer/download_requester'
import {
  StaffShares,
  UploadNotFoundError,
  UploadNotShareableError,
} from '#services/transfer/staff_shares'
import { serializer } from '#services/shared/serialize'
import StaffShareTransformer from '#transformers/transfer/staff_share_transformer'
import { createShareValidator, updateShareValidator } from '#validators/transfer/share_validators'

/** Staff shares of spec 2: /api/staff-shares (staff or admin). */
@inject()
export default class StaffSharesController {
  constructor(
    protected shares: StaffShares,
    protected grants: DownloadGrants
  ) {}

  async index(ctx: HttpContext) {
    return serializer.serialize(
      StaffShareTransformer.transform(await this.shares.list(), originOf(ctx))
    )
  }

  async store(ctx: HttpContext) {
    const { uploadId, ...changes } = await ctx.request.validateUsing(createShareValidator)
    try {
      const share = await this.shares.create(
        uploadId,
        changes,
        ctx.session.get('userId') ?? null,
        originOf(ctx)
      )
      return ctx.response
        .status(201)
        .send(await serializer.serialize(StaffShareTransformer.transform(share, originOf(ctx))))
    } catch (error) {
      if (error instanceof UploadNotFoundError) {
        return ctx.response.status(404).send({ error: error.message })
      }
      if (error instanceof UploadNotShareableError) {
        return ctx.response.status(422).send({ error: error.message })
      }
      throw error
    }
  }

  async update(ctx: HttpContext) {
    const changes = await ctx.request.validateUsing(updateShareValidator)
    const share = await this.shares.update(ctx.params.id, changes)
    if (!share) {
      return ctx.response.status(404).send({ error: 'Share not found' })
    }
    return serializer.serialize(StaffShareTransformer.transform(share, originOf(ctx)))
  }

  async destroy({ params, response }: HttpContext) {
    if (!(await this.shares.delete(params.id))) {
      return response.status(404).send({ error: 'Share not found' })
    }
    return { success: true }
  }

  /** Staff fetch the shared file themselves; logged, but not counted against the share. */
  async download(ctx: HttpContext) {
    const share = await this.shares.find(ctx.params.id)
    if (!share || share.upload.status !== 'complete') {
      return ctx.response.status(404).send({ error: 'Share not found' })
    }
    const { url } = await this.grants.grant(
      share.upload,
      await downloaderOf(ctx),
      originOf(ctx),
      share.id
    )
    return ctx.response.redirect(url)
  }
}
