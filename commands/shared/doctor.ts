import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { EXIT } from '#services/shared/terminal/exit_codes'
import type { DoctorResult } from '#services/shared/doctor/doctor_runner'

const MARKS = { ok: '✓', failed: '✗', skipped: '–' } as const

/**
 * Checks a deployment of this process's app (APP_ID), in the spirit of
 * GitLab's gitlab:check: each check ✓, ✗ with the one line that fixes it, or
 * – when there is nothing to check. Exit code 1 when any check failed.
 */
export default class Doctor extends BaseCommand {
  static commandName = 'doctor'
  static description =
    "Check this app's (APP_ID) deployment: settings, database, jobs, storage, mail, sso, outside services, tools; each problem with its fix"
  static options: CommandOptions = { startApp: true }

  @flags.boolean({
    description: 'Print the results as JSON: [{ area, name, status, detail, fix }]',
  })
  declare json: boolean

  async run() {
    const { runDoctorChecks, sharedDoctorChecks } =
      await import('#services/shared/doctor/doctor_runner')
    const { appDoctorChecks } = await import('#start/doctor_checks')
    const results = await runDoctorChecks([...sharedDoctorChecks(), ...(await appDoctorChecks())])

    if (this.json) {
      this.logger.log(JSON.stringify(results, null, 2))
    } else {
      this.#print(results)
    }
    this.exitCode = results.some((result) => result.status === 'failed') ? EXIT.refused : EXIT.done
  }

  #print(results: DoctorResult[]) {
    const colors = this.ui.colors
    const paint = {
      ok: (text: string) => colors.green(text),
      failed: (text: string) => colors.red(text),
      skipped: (text: string) => colors.dim(text),
    }
    const width = Math.max(...results.map((result) => result.name.length))
    let area: string | null = null
    for (const result of results) {
      if (result.area !== area) {
        area = result.area
        this.logger.log(colors.bold(area))
      }
      const mark = paint[result.status](MARKS[result.status])
      this.logger.log(`  ${mark} ${result.name.padEnd(width)}  ${result.detail}`)
      if (result.fix) {
        this.logger.log(`    ${' '.repeat(width)}  ${colors.yellow('fix:')} ${result.fix}`)
      }
    }
    const count = (status: DoctorResult['status']) =>
      results.filter((result) => result.status === status).length
    const failures = count('failed')
    const summary = `${results.length} checks: ${count('ok')} ok, ${failures} failed, ${count('skipped')} skipped`
    this.logger.log('')
    this.logger.log(failures > 0 ? colors.red(summary) : colors.green(summary))
  }
}
