import type { HttpContext } from '@adonisjs/core/http'
import type { Downloader } from '#services/transfer/download_logs'
import { TransferUsers } from '#services/transfer/transfer_users'

/**
 * The downloader as the download log records them. `request.ip()` honours
 * X-Forwarded-For only from the first proxy (config/app.ts, trustProxy), so a
 * client cannot write its own address into the log. `userId` is set only for
 * a signed-in person who still exists (a removed person's session is cleared).
 */
export async function downloaderOf({
  request,
  session,
}: Pick<HttpContext, 'request' | 'session'>): Promise<Downloader> {
  const user = await new TransferUsers().signedIn(session)
  return {
    ip: request.ip(),
    userAgent: request.header('user-agent') ?? null,
    userId: user?.id ?? null,
  }
}

/** This app's origin as the client reached it, for links and download URLs. */
export function originOf({ request }: Pick<HttpContext, 'request'>) {
  return `${request.protocol()}://${request.host()}`
}
