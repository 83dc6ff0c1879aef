import { Transform } from 'node:stream'
import type { HttpContext } from '@adonisjs/core/http'
import logger from '@adonisjs/core/services/logger'
import { ExportAbortedError } from '#services/schedule/exports/export_writers'
import { attachmentHeader, type PreparedExport } from '#services/schedule/exports/schedule_exports'

/**
 * Streams a prepared file as a download while it is written. Everything
 * that can refuse it was checked before; a writer that fails before its
 * first byte is still an ordinary error of this request (the exception
 * handler logs it and answers 500), and one that fails later cuts the
 * download short and is logged. Neither reaches the process: the stream
 * has an error listener before anything is written into it.
 */
export async function streamExport(response: HttpContext['response'], prepared: PreparedExport) {
  let started: () => void
  const firstByte = new Promise<void>((resolve) => (started = resolve))
  const body = new Transform({
    transform(chunk, _encoding, callback) {
      started()
      callback(null, chunk)
    },
  })
  body.on('error', () => {})

  const written = prepared.write(body)
  const failedEarly = await Promise.race([
    firstByte.then(() => null),
    written.then(
      () => null,
      (error: unknown) => error
    ),
  ])
  if (failedEarly) {
    body.destroy()
    throw failedEarly
  }

  /*
   * The response starts reading `body` only after the controller returned:
   * an error destroyed into it before then would go unseen (and leave the
   * download hanging), so it waits until the response pipes it.
   */
  let piped = false
  response.response.once('pipe', () => (piped = true))
  written.catch((error: unknown) => {
    if (!(error instanceof ExportAbortedError)) {
      logger.error({ err: error }, 'An export failed while it was being written')
    }
    if (piped) {
      body.destroy(error as Error)
    } else {
      response.response.once('pipe', () => body.destroy(error as Error))
    }
  })

  response.header('Content-Type', prepared.contentType)
  response.header('Content-Disposition', attachmentHeader(prepared.fileName))
  response.stream(body)
}
