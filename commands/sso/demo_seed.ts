import { args, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { AppCommand } from '#commands/shared/_app_command'

export default class SsoDemoSeed extends AppCommand {
  static commandName = 'sso:demo-seed'
  static description =
    'Create the demo admin and the connected apps, unless people exist (prints JSON)'
  static options: CommandOptions = { startApp: true }
  protected appId = 'sso' as const

  @args.string({ description: 'Email of the demo admin' })
  declare email: string

  @flags.array({ flagName: 'app', description: 'A connected app as name=callbackUrl (repeatable)' })
  declare connectedApps: string[]

  async run() {
    const { DemoSeed } = await import('#services/sso/demo_seed')
    const apps = (this.connectedApps ?? []).map((entry) => {
      const [name, ...rest] = entry.split('=')
      return { name, redirectUris: [rest.join('=')] }
    })
    const result = await new DemoSeed().run(this.email, apps)
    this.logger.log(JSON.stringify(result))
  }
}
