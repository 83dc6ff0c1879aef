import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { DownloadLogs } from '#services/transfer/download_logs'
import {
  downloadLogExportValidator,
  downloadLogListValidator,
} from '#validators/transfer/share_validators'

/** GET /api/download-logs and its CSV export (spec 2, staff or admin). */
@inject()
export default class DownloadLogsController {
  constructor(protected logs: DownloadLogs) {}

  async index({ request }: HttpContext) {
    const { page, perPage, ...filter } = await request.validateUsing(downloadLogListValidator)
    return this.logs.list(filter, page, perPage)
  }

  async export({ request, response }: HttpContext) {
    const filter = await request.validateUsing(downloadLogExportValidator)
    response.header('Content-Type', 'text/csv; charset=utf-8')
    response.header('Content-Disposition', 'attachment; filename="download-logs.csv"')
    response.header('Cache-Control', 'no-store')
    response.stream(this.logs.exportCsv(filter))
  }
}
