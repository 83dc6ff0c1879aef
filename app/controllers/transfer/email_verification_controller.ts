import type { HttpContext } from '@adonisjs/core/http'
import { EmailVerification, type VerificationCheck } from '#services/transfer/email_verification'
import {
  checkVerificationCodeValidator,
  sendVerificationCodeValidator,
} from '#validators/transfer/email_verification_validators'

const CHECK_ERRORS: Record<Exclude<VerificationCheck, 'verified'>, string> = {
  incorrect: 'Incorrect code',
  no_code: 'No valid code for this address: ask for a new one',
  attempts_exhausted: 'Too many incorrect attempts: ask for a new code',
}

/** Email verification before public uploads (spec 2: /api/verify-email/*). */
export default class EmailVerificationController {
  protected verification = new EmailVerification()

  /** GET /api/settings/email-verification */
  async requirement() {
    return { required: await this.verification.required() }
  }

  /** POST /api/verify-email/send */
  async send({ request, session }: HttpContext) {
    const { email } = await request.validateUsing(sendVerificationCodeValidator)
    await this.verification.sendCode(session, email, request.ip())
    return { sent: true, email }
  }

  /** POST /api/verify-email/check */
  async check({ request, response, session }: HttpContext) {
    const { email, code } = await request.validateUsing(checkVerificationCodeValidator)
    const result = await this.verification.check(session, email, code)
    if (result !== 'verified') {
      return response.status(400).send({ error: CHECK_ERRORS[result] })
    }
    return { verified: true, email }
  }
}
