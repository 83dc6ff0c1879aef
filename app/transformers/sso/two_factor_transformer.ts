import { BaseTransformer } from '@adonisjs/core/transformers'
import type { TwoFactorStatus } from '#services/sso/totp_service'

/**
 * The person's two-factor state on the security page: on since when, how
 * many recovery codes are left, and a started enrolment (QR code and key)
 * to finish after a reload.
 */
export default class TwoFactorTransformer extends BaseTransformer<TwoFactorStatus> {
  toObject() {
    const status = this.resource
    return {
      enabled: status.enabled,
      enabledAt: status.enabledAt?.toISO() ?? null,
      remainingRecoveryCodes: status.remainingRecoveryCodes,
      pendingEnrolment: status.pendingEnrolment,
    }
  }
}
