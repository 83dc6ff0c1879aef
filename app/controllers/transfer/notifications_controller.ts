import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { TransferMailer } from '#services/transfer/transfer_mailer'
import { testEmailValidator } from '#validators/transfer/email_template_validators'

/** POST /api/notifications/test-email of spec 2. */
export default class NotificationsController {
  /** To the admin's own address unless `to` names another; 502 when the mailer fails. */
  @inject()
  async testEmail({ request, response, session, logger }: HttpContext, mailer: TransferMailer) {
    const { to = session.get('userEmail') as string, type } =
      await request.validateUsing(testEmailValidator)
    try {
      await mailer.sendTest(to, type)
    } catch (error) {
      logger.warn({ err: error }, 'the test email could not be sent')
      return response
        .status(502)
        .send({ error: `The mailer could not send the message: ${(error as Error).message}` })
    }
    return { success: true, to }
  }
}
