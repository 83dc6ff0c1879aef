/*
 * Periodic housekeeping of the web process. The relying apps purge expired
 * one-time sign-in codes every 60 seconds (their specs' interval).
 */
import env from '#start/env'
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import { PendingAuthCodes } from '#services/shared/relying_party/pending_auth_codes'

if (env.get('APP_ID') !== 'sso') {
  const codes = new PendingAuthCodes()
  const timer = setInterval(() => {
    codes
      .purgeExpired()
      .catch((error) => logger.error({ err: error }, 'purging sign-in codes failed'))
  }, 60_000)
  timer.unref()
  app.terminating(() => clearInterval(timer))
}
