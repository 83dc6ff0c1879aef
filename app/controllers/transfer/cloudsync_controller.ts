import { randomBytes, timingSafeEqual } from 'node:crypto'
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import type { HttpContext } from '@adonisjs/core/http'
import { errors } from '@vinejs/vine'
import { appUrl } from '#config/app'
import { serializer } from '#services/shared/serialize'
import {
  ProviderAccessRevoked,
  ProviderCredentialsRefused,
  ProviderNotFound,
  ProviderUnavailable,
} from '#services/transfer/backup/backup_provider'
import { BackupBrowser, PathOutsideBackup } from '#services/transfer/backup/backup_browser'
import { BackupQueue } from '#services/transfer/backup/backup_queue'
import { BackupNotConfigured, BackupSettings } from '#services/transfer/backup/backup_settings'
import BackupEntryTransformer from '#transformers/transfer/backup_entry_transformer'
import BackupStatusTransformer from '#transformers/transfer/backup_status_transformer'
import {
  backupCredentialsValidator,
  backupDownloadValidator,
  backupFolderValidator,
  backupListingValidator,
  backupZipValidator,
} from '#validators/transfer/backup_validators'

/** Where the provider sends the admin back after "Allow". */
export const BACKUP_CALLBACK_PATH = '/api/cloudsync/connect/callback'

/** Spec 2: the `backupOAuthState` session field, checked on the way back from the provider. */
const STATE_KEY = 'backupOAuthState'

/**
 * The provider's refusals as answers: 409 for what an admin must set up or
 * reconnect, 404 for a missing path, 400 for a path outside the backup,
 * 503 (with Retry-After) when the provider is not answering.
 */
function refusal({ response }: HttpContext, error: unknown) {
  if (error instanceof BackupNotConfigured || error instanceof ProviderAccessRevoked) {
    return response.status(409).send({ error: error.message })
  }
  if (error instanceof ProviderCredentialsRefused) {
    return response.status(422).send({ error: error.message })
  }
  if (error instanceof PathOutsideBackup) {
    return response.status(400).send({ error: error.message })
  }
  if (error instanceof ProviderNotFound) {
    return response.status(404).send({ error: 'Not found at the backup provider' })
  }
  if (error instanceof ProviderUnavailable) {
    if (error.retryAfterSeconds) response.header('Retry-After', String(error.retryAfterSeconds))
    return response.status(503).send({ error: error.message })
  }
  throw error
}

async function answering<T>(ctx: HttpContext, work: () => Promise<T>) {
  try {
    return await work()
  } catch (error) {
    return refusal(ctx, error)
  }
}

function sameState(given: unknown, expected: unknown) {
  if (typeof given !== 'string' || typeof expected !== 'string') return false
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** /api/cloudsync/* of spec 2: the backup's setup (admin) and its browser (staff). */
export default class CloudsyncController {
  async #settings() {
    return app.container.make(BackupSettings)
  }

  async #status() {
    const settings = await this.#settings()
    const queue = await app.container.make(BackupQueue)
    return serializer.serialize(
      BackupStatusTransformer.transform({
        provider: settings.provider.label,
        configuration: await settings.configuration(),
        progress: await queue.progress(),
      })
    )
  }

  async status() {
    return this.#status()
  }

  /** The provider app's key and secret; the secret is required the first time only. */
  async saveCredentials({ request, session }: HttpContext) {
    const { appKey, appSecret } = await request.validateUsing(backupCredentialsValidator)
    const settings = await this.#settings()
    const { hasAppSecret } = await settings.configuration()
    if (!appSecret && !hasAppSecret) {
      throw new errors.E_VALIDATION_ERROR([
        { field: 'appSecret', rule: 'required', message: 'Enter the app secret' },
      ])
    }
    await settings.saveCredentials(appKey, appSecret || null, session.get('userId'))
    return this.#status()
  }

  /** Starts the OAuth round trip: the address to send the admin to, with a one-use state. */
  async connect(ctx: HttpContext) {
    return answering(ctx, async () => {
      const settings = await this.#settings()
      const state = randomBytes(32).toString('hex')
      ctx.session.put(STATE_KEY, state)
      const redirectUri = new URL(BACKUP_CALLBACK_PATH, appUrl).toString()
      return {
        authorizeUrl: await settings.provider.authorizeUrl(
          await settings.credentials(),
          redirectUri,
          state
        ),
      }
    })
  }

  /**
   * The provider sends the admin's browser back here. The state must be the
   * one this session was given (then it is spent); the code becomes a
   * refresh token, kept encrypted, and waiting backups are sent again.
   */
  async callback({ request, response, session }: HttpContext) {
    const expected = session.pull(STATE_KEY)
    const back = (outcome: string) => response.redirect(`/admin/settings?backup=${outcome}#backup`)
    if (!sameState(request.input('state'), expected)) {
      return back('invalid_state')
    }
    if (request.input('error')) {
      return back('denied')
    }
    const code = request.input('code')
    if (typeof code !== 'string' || code.length === 0 || code.length > 1000) {
      return back('failed')
    }
    const settings = await this.#settings()
    try {
      const { refreshToken, account } = await settings.provider.connect(
        await settings.credentials(),
        code,
        new URL(BACKUP_CALLBACK_PATH, appUrl).toString()
      )
      await settings.saveConnection(refreshToken, account, session.get('userId'))
    } catch (error) {
      logger.warn({ err: error }, 'connecting the backup provider failed')
      return back(error instanceof ProviderCredentialsRefused ? 'refused' : 'failed')
    }
    const queue = await app.container.make(BackupQueue)
    await queue.requeue({ retryFailed: true })
    return back('connected')
  }

  /** Revokes the token at the provider (best effort) and forgets it here. */
  async disconnect({ session }: HttpContext) {
    const settings = await this.#settings()
    try {
      const connection = await settings.connection()
      await connection.revoke()
    } catch (error) {
      // Already revoked, or the provider is down: forgetting it here is what matters.
      logger.warn({ err: error }, 'revoking the backup connection failed')
    }
    await settings.forgetConnection(session.get('userId'))
    return this.#status()
  }

  /** Browses the account's folders to choose where backups go. */
  async folders(ctx: HttpContext) {
    const { path, cursor } = await ctx.request.validateUsing(backupListingValidator)
    return answering(ctx, async () => {
      const settings = await this.#settings()
      const connection = await settings.connection()
      const folder = path && path !== '/' ? path : '/'
      const page = await connection.list(folder, cursor ?? null)
      return serializer.serialize({
        path: folder,
        cursor: page.cursor,
        entries: BackupEntryTransformer.transform(
          page.entries.filter((entry) => entry.kind === 'folder')
        ),
      })
    })
  }

  /** Chooses the folder backups go to (made first with `create`); waiting backups start. */
  async chooseFolder(ctx: HttpContext) {
    const { path, create } = await ctx.request.validateUsing(backupFolderValidator)
    return answering(ctx, async () => {
      const settings = await this.#settings()
      const connection = await settings.connection()
      let folder = path
      if (create) {
        const created = await connection.createFolder(path)
        folder = created.path
      } else {
        // The folder must exist: listing it says so (ProviderNotFound otherwise).
        await connection.list(folder)
      }
      await settings.saveFolder(folder, ctx.session.get('userId'))
      const queue = await app.container.make(BackupQueue)
      await queue.requeue({ retryFailed: true })
      return this.#status()
    })
  }

  async available() {
    const settings = await this.#settings()
    return { available: await settings.isReady() }
  }

  async progress() {
    const queue = await app.container.make(BackupQueue)
    return queue.progress()
  }

  async files(ctx: HttpContext) {
    const { path, cursor } = await ctx.request.validateUsing(backupListingValidator)
    return answering(ctx, async () => {
      const browser = new BackupBrowser(await this.#settings())
      const page = await browser.list(path ?? null, cursor ?? null)
      return serializer.serialize({
        path: page.path,
        cursor: page.cursor,
        entries: BackupEntryTransformer.transform(page.entries),
      })
    })
  }

  /** A link that downloads one file straight from the provider for a few hours. */
  async downloadUrl(ctx: HttpContext) {
    const { path } = await ctx.request.validateUsing(backupDownloadValidator)
    return answering(ctx, async () => {
      const browser = new BackupBrowser(await this.#settings())
      return { url: await browser.downloadUrl(path) }
    })
  }

  /** Several files as one zip, streamed to the browser as it is built. */
  async zipFiles(ctx: HttpContext) {
    const { paths } = await ctx.request.validateUsing(backupZipValidator)
    return answering(ctx, async () => {
      const browser = new BackupBrowser(await this.#settings())
      const zip = await browser.zip(paths)
      const name = `backup-${new Date().toISOString().slice(0, 10)}.zip`
      ctx.response.header('Content-Type', 'application/zip')
      ctx.response.header('Content-Disposition', `attachment; filename="${name}"`)
      ctx.response.header('Cache-Control', 'no-store')
      ctx.response.stream(zip)
    })
  }
}
