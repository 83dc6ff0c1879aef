import { inject } from '@adonisjs/core'
import { transferConfig } from '#config/transfer'
import { CODE_LIFETIME_SECONDS } from '#services/shared/relying_party/pending_auth_codes'
import { EXPIRED_CLEANUP_INTERVAL_MS } from '#services/transfer/expired_cleanup'
import { EMAIL_TEMPLATES, EMAIL_TEMPLATE_TYPES } from '#services/transfer/email_templates'
import {
  SETTING_DEFINITIONS,
  TransferSettings,
  type SettingKey,
} from '#services/transfer/transfer_settings'
import { mailerName } from '#services/transfer/transfer_mailer'
import { SHARE_PASSWORD_COST } from '#services/transfer/share_passwords'
import { PASSWORD_WORDS } from '#services/transfer/password_generator'
import { appVersion, routeCatalog } from '#services/shared/route_catalog'

/**
 * GET /api/app-docs: what this transfer instance is and offers, read from the
 * running app (registered routes, configuration, settings). It names things
 * (the storage disk, the mail transport) and never their credentials.
 */
@inject()
export class TransferAppDescription {
  constructor(protected settings: TransferSettings) {}

  async describe() {
    const { api, browser } = routeCatalog({ signedIn: 'transferAuth', admin: 'transferAdmin' })
    return {
      name: await this.settings.get('site_name'),
      app: 'transfer',
      description:
        'File transfer: public uploads up to 50 GB, password-protected share links with expiry and download logs, and an admin area.',
      version: await appVersion(),
      routes: api,
      browserRoutes: browser,
      limits: {
        maxUploadBytes: transferConfig.maxUploadBytes,
        authCodeLifetimeSeconds: CODE_LIFETIME_SECONDS,
        // As declared for POST /api/auth/exchange in start/routes/transfer/auth.ts.
        exchangeRateLimit: { requests: 10, window: '15 minutes' },
        sessionLifetimeDays: 30,
        sharePasswordHashCost: SHARE_PASSWORD_COST,
        generatedPasswordWords: 4,
        generatedPasswordWordListSize: PASSWORD_WORDS.length,
        downloadUrlLifetime: transferConfig.downloadUrlLifetime,
        abandonedUploadAfterHours: transferConfig.abandonedUploadAfterMs / 3_600_000,
        expiredCleanupIntervalMinutes: EXPIRED_CLEANUP_INTERVAL_MS / 60_000,
        emailTemplateSubjectMaxLength: 200,
        emailTemplateBodyMaxLength: 20_000,
        // Spec 2, section 8 (the transcoding lock), and the theme media limits.
        transcodingJobsAtOnce: 1,
        themeImageMaxBytes: transferConfig.theme.maxImageBytes,
        themeVideoMaxBytes: transferConfig.theme.maxVideoBytes,
        themeVideoMaxSeconds: transferConfig.theme.maxVideoSeconds,
      },
      storage: { disk: transferConfig.disk },
      features: {
        mailTransport: mailerName(),
        emailVerificationRequired: await this.settings.get('email_verification_required'),
      },
      settings: (Object.keys(SETTING_DEFINITIONS) as SettingKey[]).map((key) => ({
        key,
        description: SETTING_DEFINITIONS[key].description,
        secret: SETTING_DEFINITIONS[key].secret,
      })),
      emailTemplates: EMAIL_TEMPLATE_TYPES.map((type) => ({
        type,
        description: EMAIL_TEMPLATES[type].description,
        placeholders: Object.keys(EMAIL_TEMPLATES[type].placeholders),
      })),
    }
  }
}
