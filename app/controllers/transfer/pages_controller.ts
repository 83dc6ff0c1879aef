import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { EmailVerification } from '#services/transfer/email_verification'
import { transferSession } from '#services/transfer/transfer_session'
import { TransferUsers } from '#services/transfer/transfer_users'
import { TransferSettings } from '#services/transfer/transfer_settings'
import { StaffUploads } from '#services/transfer/staff_uploads'
import { StaffShares } from '#services/transfer/staff_shares'
import { DownloadLogs } from '#services/transfer/download_logs'
import { TransferEmailTemplates, type EmailTemplateType } from '#services/transfer/email_templates'
import { TransferMailer } from '#services/transfer/transfer_mailer'
import { originOf } from '#services/transfer/download_requester'
import { serializer } from '#services/shared/serialize'
import { BackupBrowser } from '#services/transfer/backup/backup_browser'
import { BackupQueue } from '#services/transfer/backup/backup_queue'
import { BackupSettings } from '#services/transfer/backup/backup_settings'
import { ThemePages } from '#services/transfer/theme/theme_pages'
import { AppearanceSettings } from '#services/transfer/theme/appearance_settings'
import { ThemeMediaLibrary } from '#services/transfer/theme/theme_media_library'
import ThemeMediaTransformer from '#transformers/transfer/theme_media_transformer'
import BackupEntryTransformer from '#transformers/transfer/backup_entry_transformer'
import BackupStatusTransformer from '#transformers/transfer/backup_status_transformer'
import SessionUserTransformer from '#transformers/transfer/session_user_transformer'
import StaffShareTransformer from '#transformers/transfer/staff_share_transformer'
import UserTransformer from '#transformers/transfer/user_transformer'
import SettingTransformer from '#transformers/transfer/setting_transformer'
import EmailTemplateTransformer from '#transformers/transfer/email_template_transformer'
import EmailPreviewTransformer from '#transformers/transfer/email_preview_transformer'
import {
  downloadLogListValidator,
  uploadListValidator,
} from '#validators/transfer/share_validators'

/**
 * Every page renders with its data: nothing is fetched after mount. Staff
 * pages share one rule: without a session (and without an auth code to
 * exchange) the visitor goes to sso first; with only an auth code the page
 * renders empty, exchanges it and visits itself again, now with its data.
 * Lists that follow the query string (search, sort, page, filter) read it
 * here, so the pages move through them with Inertia visits.
 */
@inject()
export default class PagesController {
  constructor(
    protected people: TransferUsers,
    protected settingsStore: TransferSettings
  ) {}

  /** The public upload page; sign-in errors come back here (?error, ?auth_error). */
  @inject()
  async home({ inertia, request, session }: HttpContext, themes: ThemePages) {
    const { error, auth_error: authError } = request.qs()
    const verification = new EmailVerification()
    return inertia.render('transfer/home', {
      signInError:
        typeof error === 'string' ? error : typeof authError === 'string' ? authError : null,
      siteName: await this.settingsStore.get('site_name'),
      pageMessage: await this.settingsStore.get('upload_page_message'),
      emailVerificationRequired: await verification.required(),
      verifiedEmail: verification.verifiedEmail(session),
      // With the page, not fetched after it: the poster can load with the form.
      theme: await themes.publicTheme('upload'),
    })
  }

  /** Uploads, searched, sorted and paged by the query string (?search, sort, order, page). */
  @inject()
  async uploads(ctx: HttpContext, uploads: StaffUploads) {
    const user = await this.staff(ctx)
    if (user === false) {
      return ctx.response.redirect('/api/auth/login')
    }
    const [invalid, query] = await uploadListValidator.tryValidate(ctx.request.qs())
    const listing = {
      search: (!invalid && query.search) || '',
      sort: (!invalid && query.sort) || 'created',
      order: (!invalid && query.order) || 'desc',
      page: (!invalid && query.page) || 1,
    }
    return ctx.inertia.render('transfer/admin/uploads', {
      user: SessionUserTransformer.transform(user),
      listing,
      uploads: user
        ? await uploads.listForPage({
            search: listing.search || undefined,
            status: invalid ? undefined : query.status,
            sort: listing.sort,
            order: listing.order,
            page: listing.page,
            perPage: 25,
          })
        : null,
    })
  }

  /** Shares and the finished uploads a new share can be made for (?upload preselects one). */
  @inject()
  async shares(ctx: HttpContext, shares: StaffShares, uploads: StaffUploads) {
    const user = await this.staff(ctx)
    if (user === false) {
      return ctx.response.redirect('/api/auth/login')
    }
    const upload = ctx.request.qs().upload
    return ctx.inertia.render('transfer/admin/shares', {
      user: SessionUserTransformer.transform(user),
      shares: user
        ? await serializer.serialize(
            StaffShareTransformer.transform(await shares.list(), originOf(ctx))
          )
        : [],
      shareableUploads: user ? await uploads.shareable() : [],
      initialUploadId: typeof upload === 'string' ? upload : null,
      // The new-share form names how long "the default" is (0: no end date).
      defaultExpiryDays: await this.settingsStore.get('share_default_expiry_days'),
    })
  }

  /** The download log, newest first, of one share or upload (?shareId, ?uploadId) or of all. */
  @inject()
  async logs(ctx: HttpContext, logs: DownloadLogs) {
    const user = await this.staff(ctx)
    if (user === false) {
      return ctx.response.redirect('/api/auth/login')
    }
    const [invalid, query] = await downloadLogListValidator.tryValidate(ctx.request.qs())
    const filter = {
      shareId: (!invalid && query.shareId) || null,
      uploadId: (!invalid && query.uploadId) || null,
    }
    return ctx.inertia.render('transfer/admin/logs', {
      user: SessionUserTransformer.transform(user),
      filter,
      logs: user
        ? await logs.list(
            { shareId: filter.shareId ?? undefined, uploadId: filter.uploadId ?? undefined },
            (!invalid && query.page) || 1,
            50
          )
        : null,
    })
  }

  async users(ctx: HttpContext) {
    const user = await this.staff(ctx)
    if (user === false) {
      return ctx.response.redirect('/api/auth/login')
    }
    return ctx.inertia.render('transfer/admin/users', {
      user: SessionUserTransformer.transform(user),
      people: user
        ? await serializer.serialize(UserTransformer.transform(await this.people.list()))
        : [],
    })
  }

  /**
   * The runtime settings, and for admins the backup's setup: its status and
   * what the provider's round trip came back with (?backup=connected, …).
   */
  @inject()
  async settings(ctx: HttpContext, backupSettings: BackupSettings, backups: BackupQueue) {
    const user = await this.staff(ctx)
    if (user === false) {
      return ctx.response.redirect('/api/auth/login')
    }
    const outcome = ctx.request.qs().backup
    return ctx.inertia.render('transfer/admin/settings', {
      user: SessionUserTransformer.transform(user),
      settings: user
        ? await serializer.serialize(SettingTransformer.transform(await this.settingsStore.all()))
        : [],
      backup:
        user?.role === 'admin'
          ? await serializer.serialize(
              BackupStatusTransformer.transform({
                provider: backupSettings.provider.label,
                configuration: await backupSettings.configuration(),
                progress: await backups.progress(),
              })
            )
          : null,
      backupOutcome: typeof outcome === 'string' ? outcome.slice(0, 40) : null,
    })
  }

  /**
   * The backup's browser (?path: a folder inside the backup folder) with the
   * backlog's progress. A provider that cannot answer leaves the page up
   * with the reason in place of the list.
   */
  @inject()
  async backup(ctx: HttpContext, backupSettings: BackupSettings, backups: BackupQueue) {
    const user = await this.staff(ctx)
    if (user === false) {
      return ctx.response.redirect('/api/auth/login')
    }
    const available = user ? await backupSettings.isReady() : false
    const path = ctx.request.qs().path
    const browsed = available
      ? await this.#browse(backupSettings, typeof path === 'string' ? path : null)
      : { listing: null, problem: null }
    return ctx.inertia.render('transfer/admin/backup', {
      user: SessionUserTransformer.transform(user),
      available,
      progress: user ? await backups.progress() : null,
      root: available ? await backupSettings.folder() : null,
      listing: browsed.listing,
      problem: browsed.problem,
    })
  }

  async #browse(settings: BackupSettings, path: string | null) {
    try {
      const page = await new BackupBrowser(settings).list(path, null)
      return {
        listing: {
          path: page.path,
          cursor: page.cursor,
          entries: await serializer.serialize(BackupEntryTransformer.transform(page.entries)),
        },
        problem: null,
      }
    } catch (error) {
      return { listing: null, problem: error instanceof Error ? error.message : String(error) }
    }
  }

  /**
   * Appearance (admins): the media library and each public page's theme.
   * Staff see why the page is empty, as on the email templates.
   */
  @inject()
  async appearance(ctx: HttpContext, appearance: AppearanceSettings, library: ThemeMediaLibrary) {
    const user = await this.staff(ctx)
    if (user === false) {
      return ctx.response.redirect('/api/auth/login')
    }
    const isAdmin = user?.role === 'admin'
    const media = isAdmin ? await library.list() : []
    return ctx.inertia.render('transfer/admin/appearance', {
      user: SessionUserTransformer.transform(user),
      media: await Promise.all(
        media.map(async (entry) =>
          serializer.serialize(
            ThemeMediaTransformer.transform({ media: entry, usedOn: await library.usage(entry.id) })
          )
        )
      ),
      appearance: isAdmin ? await appearance.summary() : null,
    })
  }

  /**
   * Only admins read templates (the API refuses staff too); staff see why the
   * page is empty. Each template comes with its saved text's preview, so the
   * page opens showing it; edits are previewed through the API.
   */
  @inject()
  async emailTemplates(
    ctx: HttpContext,
    templates: TransferEmailTemplates,
    mailer: TransferMailer
  ) {
    const user = await this.staff(ctx)
    if (user === false) {
      return ctx.response.redirect('/api/auth/login')
    }
    if (user?.role !== 'admin') {
      return ctx.inertia.render('transfer/admin/email_templates', {
        user: SessionUserTransformer.transform(user),
        templates: [],
        previews: {},
      })
    }
    const stored = await templates.list()
    const previewOf = async (type: EmailTemplateType) =>
      serializer.serialize(EmailPreviewTransformer.transform(await mailer.preview(type)))
    const previews: Record<string, Awaited<ReturnType<typeof previewOf>>> = {}
    for (const { type } of stored) {
      previews[type] = await previewOf(type)
    }
    return ctx.inertia.render('transfer/admin/email_templates', {
      user: SessionUserTransformer.transform(user),
      templates: await serializer.serialize(EmailTemplateTransformer.transform(stored)),
      previews,
    })
  }

  /**
   * The signed-in person (the role comes from the users table: a removed
   * person signs in again), null while an auth code waits to be exchanged,
   * or false when the visitor must sign in first.
   */
  protected async staff({ request, session }: HttpContext) {
    await this.people.signedIn(session)
    const user = transferSession.user(session)
    if (!user && typeof request.qs().auth_code !== 'string') {
      return false
    }
    return user
  }
}
