import { PassThrough } from 'node:stream'
import type { HttpContext } from '@adonisjs/core/http'
import logger from '@adonisjs/core/services/logger'
import { ExportAbortedError } from '#services/schedule/exports/export_writers'
import { attachmentHeader, type PreparedExport } from '#services/schedule/exports/schedule_exports'

/**
 * Streams a prepared file as a download while it is written. Everything
 * that can refuse it was checked before, so a failure here can only cut
 * the stream short; it is logged.
 */
export function streamExport(response: HttpContext['response'], prepared: PreparedExport) {
  response.header('Content-Type', prepared.contentType)
  response.header('Content-Disposition', attachmentHeader(prepared.fileName))
  const body = new PassThrough()
  prepared.write(body).catch((error) => {
    if (!(error instanceof ExportAbortedError)) {
      logger.error({ err: error }, 'An export failed while it was being written')
    }
    body.destroy(error)
  })
  response.stream(body)
}
