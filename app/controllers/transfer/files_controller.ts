import { Readable } from 'node:stream'
import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { create as contentDisposition } from 'content-disposition'
import { FileDelivery, planDelivery } from '#services/transfer/file_delivery'
import { safeFileName } from '#services/transfer/upload_storage'

/**
 * GET /files/:id/:name, the signed download route of the `fs` disk (the URL
 * comes from UploadStorage.downloadUrl and expires with it).
 */
@inject()
export default class FilesController {
  constructor(protected delivery: FileDelivery) {}

  async show({ request, response, params }: HttpContext) {
    if (!request.hasValidSignature()) {
      return response.status(403).send({ error: 'This download link is invalid or has expired' })
    }
    const file = await this.delivery.find(params.id)
    if (!file) {
      return response.status(404).send({ error: 'File not found' })
    }

    const plan = planDelivery(
      file.size,
      { range: request.header('range'), ifRange: request.header('if-range') },
      file.validators
    )
    response.header('Accept-Ranges', 'bytes')
    response.header('ETag', file.validators.etag)
    response.header('Last-Modified', file.validators.lastModified.toUTCString())
    // no-transform also keeps the compression middleware away: a gzipped range is no range.
    response.header('Cache-Control', 'private, no-transform')
    if (plan.status === 416) {
      response.header('Content-Range', `bytes */${file.size}`)
      return response.status(416).send({ error: 'Requested range not satisfiable' })
    }

    // Never the uploaded type, and a sandbox if it is opened anyway: an uploaded
    // HTML or SVG file must not run as this app.
    response.header('Content-Type', 'application/octet-stream')
    response.header('Content-Disposition', contentDisposition(safeFileName(file.upload.fileName)))
    response.header('Content-Security-Policy', "sandbox; default-src 'none'")
    response.header('Content-Length', String(plan.length))
    if (plan.status === 206) {
      response.header('Content-Range', `bytes ${plan.range.start}-${plan.range.end}/${file.size}`)
    }
    response.status(plan.status)
    // HEAD gets the headers (Content-Length included) without reading the file.
    if (request.method() === 'HEAD') {
      return response.stream(Readable.from([]))
    }
    await file.send(plan.range, response)
  }
}
