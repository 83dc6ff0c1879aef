import type { ApplicationService } from '@adonisjs/core/types'

/**
 * One UploadStorage per transfer process: the tus stores keep upload state in
 * memory between requests. Tests swap it for the `s3` disk against s3rver.
 * The backup's and the page themes' services are bound here too.
 * Every app lists this provider; only transfer's processes load the tus and
 * S3 code behind it.
 */
export default class TransferProvider {
  constructor(protected app: ApplicationService) {}

  async boot() {
    if (process.env.APP_ID !== 'transfer') {
      return
    }
    const { UploadStorage, createUploadStorage } = await import('#services/transfer/upload_storage')
    this.app.container.singleton(UploadStorage as any, () => createUploadStorage())

    // The backup: Dropbox at the configured hosts (tests swap BackupSettings for the fake's).
    const { transferConfig } = await import('#config/transfer')
    const { DropboxProvider } = await import('#services/transfer/backup/dropbox_provider')
    const { BackupSettings } = await import('#services/transfer/backup/backup_settings')
    const { UploadBackup } = await import('#services/transfer/backup/upload_backup')
    const { BackupQueue } = await import('#services/transfer/backup/backup_queue')
    const { JobRuntime } = await import('#services/shared/jobs/job_runtime')
    this.app.container.singleton(
      BackupSettings,
      () => new BackupSettings(new DropboxProvider(transferConfig.backup.hosts))
    )
    this.app.container.bind(
      UploadBackup,
      async (resolver) =>
        new UploadBackup(
          await resolver.make(UploadStorage as any),
          await resolver.make(BackupSettings),
          transferConfig.backup.chunkBytes
        )
    )
    this.app.container.bind(
      BackupQueue,
      async (resolver) =>
        new BackupQueue(await resolver.make(JobRuntime), await resolver.make(BackupSettings))
    )

    // Page themes: media on the uploads' disk, ffmpeg from the system (tests swap Ffmpeg).
    const { Ffmpeg } = await import('#services/transfer/theme/ffmpeg')
    const { ThemeMediaStorage } = await import('#services/transfer/theme/theme_media_storage')
    const { ThemeMediaProcessor } = await import('#services/transfer/theme/theme_media_processor')
    const { ThemeMediaLibrary } = await import('#services/transfer/theme/theme_media_library')
    const { TranscodeSettings } = await import('#services/transfer/theme/transcode_presets')
    const theme = transferConfig.theme
    this.app.container.singleton(Ffmpeg, () => new Ffmpeg(theme.ffmpegPath, theme.ffprobePath))
    this.app.container.singleton(ThemeMediaStorage as any, async (resolver) =>
      ThemeMediaStorage.on(await resolver.make(UploadStorage as any), theme.fsDirectory)
    )
    this.app.container.bind(ThemeMediaProcessor, async (resolver) => {
      const presets = new TranscodeSettings()
      return new ThemeMediaProcessor(
        await resolver.make(ThemeMediaStorage as any),
        await resolver.make(Ffmpeg),
        () => presets.preset(),
        theme
      )
    })
    this.app.container.bind(
      ThemeMediaLibrary,
      async (resolver) =>
        new ThemeMediaLibrary(
          await resolver.make(ThemeMediaStorage as any),
          await resolver.make(Ffmpeg),
          await resolver.make(ThemeMediaProcessor),
          await resolver.make(JobRuntime),
          theme
        )
    )
  }
}
