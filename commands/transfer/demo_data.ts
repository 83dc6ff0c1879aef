import { flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { AppCommand } from '#commands/shared/_app_command'

export default class TransferDemoData extends AppCommand {
  static commandName = 'transfer:demo-data'
  static description =
    'Fill an empty transfer with demo uploads (small real files) and two shares, one with a password'
  static options: CommandOptions = { startApp: true }
  protected appId = 'transfer' as const

  @flags.boolean({ description: 'Add the demo even though uploads exist' })
  declare force?: boolean

  @flags.boolean({
    description: 'When the app is not empty, say so and change nothing, without failing',
  })
  declare ifEmpty?: boolean

  @flags.boolean({
    description: 'End with the summary as one line of JSON (the launcher reads it)',
  })
  declare json?: boolean

  async run() {
    if (this.error) {
      return
    }
    const { appUrl } = await import('#config/app')
    const { DemoFiles } = await import('#services/transfer/demo_files')
    const demo = await this.app.container.make(DemoFiles)
    const existing = await demo.uploadCount()
    if (existing > 0 && !this.force) {
      const why = `transfer already has ${existing} upload(s); the demo files go into an empty transfer only`
      if (this.ifEmpty) {
        this.logger.info(`Nothing added: ${why}`)
        if (this.json) {
          this.logger.log(JSON.stringify({ skipped: why }))
        }
        return
      }
      this.logger.error(`${why}. Run again with --force to add them anyway.`)
      this.exitCode = 1
      return
    }
    const summary = await demo.create(appUrl, (line) => this.logger.info(line))
    this.logger.success(
      `${summary.uploads.length} uploads and ${summary.shares.length} shares added (see /admin)`
    )
    for (const share of summary.shares) {
      this.logger.log(
        `${share.fileName}: ${share.url}  password: ${share.password ?? 'none'}  expires: ${share.expiresAt ?? 'never'}`
      )
    }
    if (this.json) {
      this.logger.log(JSON.stringify(summary))
    }
  }
}
