import { chosenMailer, outboxDirectory } from '#config/mail'
import { failed, ok, skipped, type DoctorCheck } from '#services/shared/doctor/doctor_check'
import { nodeEnv, setting } from '#services/shared/doctor/configuration_checks'
import { probeSmtp, SmtpProbeFailure, type SmtpStage } from '#services/shared/doctor/smtp_probe'

const FIXES: Record<SmtpStage, string> = {
  connect:
    'check SMTP_HOST and SMTP_PORT (587 with STARTTLS, or 465 with SMTP_SECURE=true) and that this machine may reach that port',
  tls: 'the server offered STARTTLS but the TLS handshake failed: check SMTP_HOST is the name on its certificate, or use port 465 with SMTP_SECURE=true',
  login: 'correct SMTP_USERNAME and SMTP_PASSWORD',
  sender:
    'set MAIL_FROM_ADDRESS to an address this SMTP account may send from (a verified sender or domain)',
}

/**
 * The app's mail leaves: over SMTP, the server answers, lets the app log in
 * and accepts its sender; the outbox (files nobody receives) is said so, and
 * is a failure in production.
 */
export const mailCheck: DoctorCheck = {
  area: 'mail',
  name: 'Mail delivery',
  async run() {
    const mailer = chosenMailer()
    if (mailer === 'outbox') {
      const detail = `outbox mode: mail is written to ${outboxDirectory} and nobody receives it`
      return nodeEnv() === 'production'
        ? failed(
            detail,
            'set SMTP_HOST (with SMTP_PORT, SMTP_USERNAME, SMTP_PASSWORD) or EMAIL_API_KEY (Resend)'
          )
        : skipped(detail)
    }
    if (mailer === 'resend') {
      return skipped("Resend's API (EMAIL_API_KEY): sent through HTTPS, not checked here")
    }
    const host = setting('SMTP_HOST') ?? 'localhost'
    const port = Number(setting('SMTP_PORT') ?? 587)
    const from = setting('MAIL_FROM_ADDRESS') ?? 'no-reply@localhost'
    try {
      await probeSmtp({
        host,
        port,
        secure: setting('SMTP_SECURE') === 'true',
        username: setting('SMTP_USERNAME'),
        password: setting('SMTP_PASSWORD'),
        from,
      })
    } catch (error) {
      if (error instanceof SmtpProbeFailure) {
        const what = {
          connect: `${host}:${port} could not be reached (${error.message})`,
          tls: `STARTTLS with ${host}:${port} failed (${error.message})`,
          login: `${host}:${port} refused the login of ${setting('SMTP_USERNAME')} (${error.message})`,
          sender: `${host}:${port} refused the sender ${from} (${error.message})`,
        }[error.stage]
        return failed(what, FIXES[error.stage])
      }
      throw error
    }
    return ok(`${host}:${port} accepts mail from ${from}`)
  },
}
