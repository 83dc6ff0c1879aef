import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { RecordNotFoundError } from '#services/schedule/directory/record_errors'
import {
  ITEM_FORMATS,
  ScheduleExports,
  parseExportFile,
  type ItemFormat,
  type ItemKind,
  type PreparedExport,
} from '#services/schedule/exports/schedule_exports'
import { streamExport } from '#services/schedule/exports/export_stream'
import { bulkExportValidator } from '#validators/schedule/export_validators'

function itemFormat(format: unknown): ItemFormat {
  if (!ITEM_FORMATS.includes(format as ItemFormat)) {
    throw new RecordNotFoundError('Unknown export format')
  }
  return format as ItemFormat
}

/**
 * The export downloads: GET /api/exports/:file (bulk), GET
 * /api/<items>/:id/export/:format (one item) and the share link's
 * GET /api/share/:token/export/:format. Everything is checked first; then
 * the file streams as it is written.
 */
@inject()
export default class ExportsController {
  constructor(protected exports: ScheduleExports) {}

  async bulk({ params, request, response }: HttpContext) {
    const { kind, format } = parseExportFile(String(params.file))
    const filter = await request.validateUsing(bulkExportValidator)
    return this.send(response, await this.exports.bulk(kind, format, filter))
  }

  project(ctx: HttpContext) {
    return this.item(ctx, 'project')
  }

  crew(ctx: HttpContext) {
    return this.item(ctx, 'crew')
  }

  vendor(ctx: HttpContext) {
    return this.item(ctx, 'vendor')
  }

  location(ctx: HttpContext) {
    return this.item(ctx, 'location')
  }

  async shared({ params, response }: HttpContext) {
    // As the share page: a copy must not outlive a revocation.
    response.header('Cache-Control', 'no-store')
    const format = itemFormat(params.format)
    return this.send(response, await this.exports.shared(String(params.token), format))
  }

  protected async item({ params, response }: HttpContext, kind: ItemKind) {
    const format = itemFormat(params.format)
    return this.send(response, await this.exports.item(kind, Number(params.id), format))
  }

  protected send(response: HttpContext['response'], prepared: PreparedExport) {
    return streamExport(response, prepared)
  }
}
