import { readFile, writeFile } from 'node:fs/promises'
import { AppCommand } from '#commands/shared/_app_command'

export default class SsoDocsSync extends AppCommand {
  static commandName = 'sso:docs:sync'
  static description =
    "Copy the integration guide (resources/docs/sso_integration_guide.md) into README.md's block"
  protected appId = 'sso' as const

  async run() {
    const { GUIDE_SOURCE, withGuideInReadme } = await import('#services/sso/integration_guide')
    const readmePath = this.app.makePath('README.md')
    const readme = await readFile(readmePath, 'utf8')
    const updated = withGuideInReadme(
      readme,
      await readFile(this.app.makePath(GUIDE_SOURCE), 'utf8')
    )
    if (updated === null) {
      return this.fail('README.md has no integration-guide markers')
    }
    if (updated === readme) {
      this.logger.info('README.md already carries the current guide')
      return
    }
    await writeFile(readmePath, updated)
    this.logger.success(`README.md now carries ${GUIDE_SOURCE}`)
  }
}
