import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import type { Session } from '@adonisjs/session'
import limiter from '@adonisjs/limiter/services/main'
import { appKey } from '#config/app'
import { TransferMailer } from '#services/transfer/transfer_mailer'
import { TransferSettings } from '#services/transfer/transfer_settings'

export const VERIFICATION_CODE_MINUTES = 10
export const VERIFICATION_ATTEMPTS_PER_CODE = 5

const PENDING_KEY = 'emailVerification'
const VERIFIED_KEY = 'verifiedEmail'

/** The code waiting in the visitor's session: only its HMAC, never the code itself. */
type PendingVerification = { email: string; codeHash: string; codeId: string; expiresAt: number }

export type VerificationCheck = 'verified' | 'incorrect' | 'no_code' | 'attempts_exhausted'

/**
 * Email verification before a public upload (when the setting requires it).
 * A six-digit code goes to the address; the session that asked for it may
 * confirm it within ten minutes and five attempts, after which the session
 * counts as verified for that address. Sending is rate limited per address
 * and per IP, so the form cannot be used to flood someone's inbox.
 */
export class EmailVerification {
  constructor(
    protected mailer = new TransferMailer(),
    protected settings = new TransferSettings()
  ) {}

  required() {
    return this.settings.get('email_verification_required')
  }

  /** Throws the limiter's E_TOO_MANY_REQUESTS (429 with Retry-After) when over a limit. */
  async sendCode(session: Session, email: string, ip: string) {
    await limiter
      .multi([
        { key: `transfer_verify_email_${email}`, requests: 3, duration: '1 hour' },
        { key: `transfer_verify_ip_${ip}`, requests: 10, duration: '1 hour' },
      ])
      .consume()
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
    const pending: PendingVerification = {
      email,
      codeHash: codeHash(email, code),
      codeId: randomBytes(16).toString('hex'),
      expiresAt: Date.now() + VERIFICATION_CODE_MINUTES * 60_000,
    }
    session.put(PENDING_KEY, pending)
    await this.mailer.send('email_verification', email, {
      code,
      minutes: VERIFICATION_CODE_MINUTES,
    })
  }

  /**
   * Attempts are counted in the rate-limit table, not the session: parallel
   * requests of one session would each read the same session count.
   */
  async check(session: Session, email: string, code: string): Promise<VerificationCheck> {
    const pending = session.get(PENDING_KEY) as PendingVerification | undefined
    if (!pending || pending.email !== email || pending.expiresAt <= Date.now()) {
      return 'no_code'
    }
    const attempts = limiter.use({
      requests: VERIFICATION_ATTEMPTS_PER_CODE,
      duration: `${VERIFICATION_CODE_MINUTES} minutes`,
    })
    const counted = await attempts.increment(`transfer_verify_code_${pending.codeId}`)
    if (counted.consumed > VERIFICATION_ATTEMPTS_PER_CODE) {
      session.forget(PENDING_KEY)
      return 'attempts_exhausted'
    }
    const expected = Buffer.from(pending.codeHash, 'hex')
    const actual = Buffer.from(codeHash(email, code), 'hex')
    if (!timingSafeEqual(expected, actual)) {
      if (counted.consumed === VERIFICATION_ATTEMPTS_PER_CODE) {
        session.forget(PENDING_KEY)
        return 'attempts_exhausted'
      }
      return 'incorrect'
    }
    session.forget(PENDING_KEY)
    session.put(VERIFIED_KEY, email)
    return 'verified'
  }

  /**
   * The address this session has proven: one confirmed with a code, or a
   * signed-in staff member's own (sso already vouches for it).
   */
  verifiedEmail(session: Session) {
    const confirmed = session.get(VERIFIED_KEY) as string | undefined
    const staff = session.get('userId')
      ? (session.get('userEmail') as string | undefined)
      : undefined
    return confirmed ?? staff ?? null
  }
}

function codeHash(email: string, code: string) {
  return createHmac('sha256', appKey.release()).update(`${email}\n${code}`).digest('hex')
}
