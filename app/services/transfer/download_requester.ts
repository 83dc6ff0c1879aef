import type { HttpContext } from '@adonisjs/core/http'
import type { Downloader } from '#services/transfer/download_logs'

/**
 * The downloader as the download log records them. `request.ip()` honours
 * X-Forwarded-For only from the first proxy (config/app.ts, trustProxy), so a
 * client cannot write its own address into the log.
 */
export function downloaderOf({ request, session }: Pick<HttpContext, 'request' | 'session'>) {
  return {
    ip: request.ip(),
    userAgent: request.header('user-agent') ?? null,
    userId: (session?.get('userId') as string | undefined) ?? null,
  } satisfies Downloader
}

/** This app's origin as the client reached it, for links and download URLs. */
export function originOf({ request }: Pick<HttpContext, 'request'>) {
  return `${request.protocol()}://${request.host()}`
}
