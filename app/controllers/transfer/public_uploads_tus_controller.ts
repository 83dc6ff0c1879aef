import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { Metadata, TUS_RESUMABLE } from '@tus/utils'
import { PublicUploadIntake } from '#services/transfer/public_upload_intake'
import { TusUploadEndpoint } from '#services/transfer/tus_upload_endpoint'
import { publicUploadMetadataValidator } from '#validators/transfer/public_upload_validators'

/**
 * Public uploads over tus (spec 2: POST /api/public-uploads). The creation
 * request is checked here (metadata, email verification); the protocol itself
 * is @tus/server's.
 */
@inject()
export default class PublicUploadsTusController {
  constructor(
    protected endpoint: TusUploadEndpoint,
    protected intake: PublicUploadIntake
  ) {}

  /** POST /api/public-uploads: tus creation. */
  async store(ctx: HttpContext) {
    const metadata = parseMetadata(ctx.request.header('upload-metadata'))
    if (!metadata) {
      return tusError(ctx, 400, 'Invalid Upload-Metadata')
    }
    const fields = await publicUploadMetadataValidator.validate(metadata)
    const creation = await this.intake.describe(ctx.session, fields)
    if (!creation) {
      return tusError(ctx, 403, 'Verify your email address before uploading')
    }
    return this.endpoint.create(ctx, creation)
  }

  /** HEAD, PATCH, DELETE /api/public-uploads/tus/:key: only the session that created it. */
  async resource(ctx: HttpContext) {
    const upload = await this.intake.findOwned(ctx.session, ctx.params.key)
    if (!upload) {
      return tusError(ctx, 404, 'Upload not found')
    }
    return this.endpoint.resource(ctx, upload)
  }
}

/** Metadata values as strings; empty ones count as absent. Null when the header is malformed. */
function parseMetadata(header: string | undefined) {
  try {
    const parsed = header ? Metadata.parse(header) : {}
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string] => Boolean(entry[1]))
    )
  } catch {
    return null
  }
}

function tusError({ response }: HttpContext, status: number, error: string) {
  return response.status(status).header('Tus-Resumable', TUS_RESUMABLE).send({ error })
}
