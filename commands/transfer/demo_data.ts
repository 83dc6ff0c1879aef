import { DemoDataCommand } from '#commands/shared/_demo_data_command'

export default class TransferDemoData extends DemoDataCommand {
  static commandName = 'transfer:demo-data'
  static description =
    'Fill an empty transfer with demo uploads (small real files) and two shares, one with a password'
  protected appId = 'transfer' as const

  async run() {
    const { appUrl } = await import('#config/app')
    const { DemoFiles } = await import('#services/transfer/demo_files')
    const demo = await this.app.container.make(DemoFiles)
    const existing = await demo.uploadCount()
    const why =
      existing > 0
        ? `transfer already has ${existing} upload(s); the demo files go into an empty transfer only`
        : null
    if (!this.mayFill(why, 'them anyway')) {
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
    this.printJson(summary)
  }
}
