import { createHmac, hkdfSync, randomInt } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import encryption from '@adonisjs/core/services/encryption'
import { generateSecret, generateURI, verify } from 'otplib'
import QRCode from 'qrcode'
import { DateTime } from 'luxon'
import { appKey } from '#config/app'
import type User from '#models/sso/user'
import TotpRecoveryCode from '#models/sso/totp_recovery_code'

const ISSUER = 'Production Suite'
const PERIOD_SECONDS = 30
export const RECOVERY_CODE_COUNT = 10
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'

/*
 * Recovery codes are 50 random bits each, so a keyed fast hash is as safe as a
 * slow one and lets a code be found by its hash in one query.
 */
const recoveryKey = Buffer.from(
  hkdfSync('sha256', appKey.release(), 'sso', 'totp-recovery-codes', 32)
)

function hashRecoveryCode(code: string) {
  const normalized = code.toLowerCase().replace(/[^a-z0-9]/g, '')
  return createHmac('sha256', recoveryKey).update(normalized).digest('hex')
}

function newRecoveryCode() {
  let code = ''
  for (let i = 0; i < 10; i++) {
    code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]
  }
  return `${code.slice(0, 5)}-${code.slice(5)}`
}

export type TotpEnrolment = {
  secret: string
  otpauthUri: string
  qrCodeSvg: string
}

/** Where a person stands with two-factor authentication. */
export type TwoFactorStatus = {
  enabled: boolean
  enabledAt: DateTime | null
  remainingRecoveryCodes: number
  pendingEnrolment: TotpEnrolment | null
}

/**
 * TOTP second factor (RFC 6238, 30 s steps, 6 digits). A code is accepted once:
 * the step it matched is stored, and later codes must come from a later step.
 * One step of clock drift either way is tolerated.
 */
export class TotpService {
  /** Starts (or restarts) enrolment: a new secret, not yet live until confirmed. */
  async beginEnrolment(user: User): Promise<TotpEnrolment> {
    if (user.hasTotp) {
      throw new Error('Two-factor authentication is already on')
    }
    const secret = generateSecret()
    user.totpSecret = encryption.encrypt(secret)
    user.totpLastStep = null
    await user.save()
    return this.#describe(user, secret)
  }

  async status(user: User): Promise<TwoFactorStatus> {
    return {
      enabled: user.hasTotp,
      enabledAt: user.totpEnabledAt,
      remainingRecoveryCodes: user.hasTotp ? await this.remainingRecoveryCodes(user) : 0,
      pendingEnrolment: await this.pendingEnrolment(user),
    }
  }

  /** The pending enrolment's QR code and manual key again (a page reload). */
  async pendingEnrolment(user: User): Promise<TotpEnrolment | null> {
    const secret = this.#secretOf(user)
    return secret && !user.hasTotp ? this.#describe(user, secret) : null
  }

  /** Turns TOTP on when `code` matches the pending secret; returns the recovery codes, shown once. */
  async confirmEnrolment(user: User, code: string): Promise<string[] | null> {
    if (user.hasTotp || !(await this.verifyCode(user, code))) {
      return null
    }
    user.totpEnabledAt = DateTime.now()
    await user.save()
    return this.regenerateRecoveryCodes(user)
  }

  /**
   * Checks a 6-digit code and consumes its time step. The conditional update
   * makes two concurrent uses of one code accept only one.
   */
  async verifyCode(user: User, code: string): Promise<boolean> {
    const secret = this.#secretOf(user)
    const token = code.replace(/\s/g, '')
    if (!secret || !/^\d{6}$/.test(token)) {
      return false
    }
    const result = await verify({
      secret,
      token,
      period: PERIOD_SECONDS,
      epochTolerance: PERIOD_SECONDS,
      afterTimeStep: user.totpLastStep ?? undefined,
    })
    if (!result.valid || !('timeStep' in result)) {
      return false
    }
    const updated = await db
      .from('users')
      .where('id', user.id)
      .where((query) =>
        query.whereNull('totp_last_step').orWhere('totp_last_step', '<', result.timeStep)
      )
      .update({ totp_last_step: result.timeStep })
    if (Number(updated) !== 1 && !(Array.isArray(updated) && updated.length === 1)) {
      return false
    }
    user.totpLastStep = result.timeStep
    return true
  }

  /** Spends one recovery code; each works once. */
  async useRecoveryCode(user: User, code: string): Promise<boolean> {
    const spent = await db
      .from('totp_recovery_codes')
      .where('user_id', user.id)
      .where('code_hash', hashRecoveryCode(code))
      .whereNull('used_at')
      .update({ used_at: new Date() }, ['id'])
    return spent.length === 1
  }

  async regenerateRecoveryCodes(user: User): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
    await db.transaction(async (trx) => {
      await TotpRecoveryCode.query({ client: trx }).where('user_id', user.id).delete()
      await TotpRecoveryCode.createMany(
        codes.map((code) => ({ userId: user.id, codeHash: hashRecoveryCode(code) })),
        { client: trx }
      )
    })
    return codes
  }

  async remainingRecoveryCodes(user: User) {
    const row = await TotpRecoveryCode.query()
      .where('user_id', user.id)
      .whereNull('used_at')
      .count('* as total')
      .first()
    return Number(row?.$extras.total ?? 0)
  }

  /** Turns TOTP off and forgets the secret and recovery codes (the person, or an admin reset). */
  async disable(user: User) {
    user.totpSecret = null
    user.totpEnabledAt = null
    user.totpLastStep = null
    await user.save()
    await TotpRecoveryCode.query().where('user_id', user.id).delete()
  }

  #secretOf(user: User): string | null {
    return user.totpSecret ? encryption.decrypt<string>(user.totpSecret) : null
  }

  async #describe(user: User, secret: string): Promise<TotpEnrolment> {
    const otpauthUri = generateURI({ issuer: ISSUER, label: user.email, secret })
    return { secret, otpauthUri, qrCodeSvg: await QRCode.toString(otpauthUri, { type: 'svg' }) }
  }
}
