import { readFile } from 'node:fs/promises'
import { inject } from '@adonisjs/core'
import app from '@adonisjs/core/services/app'
import router from '@adonisjs/core/services/router'
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

export type RouteAccess = 'public' | 'staff or admin' | 'admin'

export type DescribedRoute = { method: string; path: string; access: RouteAccess }

/*
 * A route's access is read from the guard it is registered with (the named
 * middleware of start/kernel.ts), so the description follows the routes.
 */
function accessOf(middleware: Iterable<unknown>): RouteAccess {
  const names = new Set([...middleware].map((entry) => (entry as { name?: string }).name))
  if (names.has('transferAdmin')) {
    return 'admin'
  }
  return names.has('transferAuth') ? 'staff or admin' : 'public'
}

let packageVersion: Promise<string> | null = null

function version() {
  packageVersion ??= readFile(app.makePath('package.json'), 'utf8').then((text) =>
    String(JSON.parse(text).version)
  )
  return packageVersion
}

/**
 * GET /api/app-docs: what this transfer instance is and offers, read from the
 * running app (registered routes, configuration, settings). It names things
 * (the storage disk, the mail transport) and never their credentials.
 */
@inject()
export class TransferAppDescription {
  constructor(protected settings: TransferSettings) {}

  async describe() {
    const { api, browser } = this.routes()
    return {
      name: await this.settings.get('site_name'),
      app: 'transfer',
      description:
        'File transfer: public uploads up to 50 GB, password-protected share links with expiry and download logs, and an admin area.',
      version: await version(),
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

  /** Every registered route with its methods and access: the JSON API, then pages and redirects. */
  protected routes() {
    const api: DescribedRoute[] = []
    const browser: DescribedRoute[] = []
    for (const routes of Object.values(router.toJSON())) {
      for (const route of routes) {
        const access = accessOf(route.middleware.all())
        for (const method of route.methods.filter((name) => name !== 'HEAD')) {
          const entry = { method, path: route.pattern, access }
          ;(route.pattern.startsWith('/api/') ? api : browser).push(entry)
        }
      }
    }
    const order = (a: DescribedRoute, b: DescribedRoute) =>
      a.path.localeCompare(b.path) || a.method.localeCompare(b.method)
    return { api: api.sort(order), browser: browser.sort(order) }
  }
}
