import { createWriteStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import { resolve } from 'node:path'
import { args, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { AppCommand } from '#commands/shared/_app_command'

export default class ScheduleCallSheet extends AppCommand {
  static commandName = 'schedule:call-sheet'
  static description =
    'Write the call sheet PDF of one day of a project, or of all its days, to a file'
  static options: CommandOptions = { startApp: true }
  protected appId = 'schedule' as const

  @args.string({ description: 'The project: its number, or its exact name' })
  declare project: string

  @args.string({
    description: 'The day (YYYY-MM-DD), or "all" for every day in one PDF',
    required: false,
  })
  declare date?: string

  @flags.string({ description: 'The file to write (default: the call sheet’s own name, here)' })
  declare out?: string

  async run() {
    const { CallSheets } = await import('#services/schedule/production/call_sheets')
    const { isCalendarDay } = await import('#services/schedule/projects/project_days')
    const { default: db } = await import('@adonisjs/lucid/services/db')
    const callSheets = await this.app.container.make(CallSheets)

    const byId = /^\d+$/.test(this.project) ? Number(this.project) : null
    const found = await db
      .from('projects')
      .whereNull('deleted_at')
      .where((query) => {
        if (byId !== null) query.where('id', byId)
        query.orWhere('name', this.project)
      })
      .select('id', 'name')
    if (found.length !== 1) {
      return this.fail(
        found.length === 0
          ? `No project "${this.project}" (give its number or its exact name)`
          : `${found.length} projects are named "${this.project}": give its number (${found.map((row) => row.id).join(', ')})`
      )
    }
    const date = this.date && this.date !== 'all' ? this.date : undefined
    if (date && !isCalendarDay(date)) {
      return this.fail('The day is written YYYY-MM-DD, or "all"')
    }

    let prepared
    try {
      prepared = await callSheets.pdf(found[0].id, date)
    } catch (error) {
      const messages = (error as { messages?: { message: string }[] }).messages
      return this.fail(
        messages ? messages.map((m) => m.message).join('; ') : (error as Error).message
      )
    }
    const file = resolve(this.out ?? prepared.fileName)
    try {
      await prepared.write(createWriteStream(file))
    } catch (error) {
      await rm(file, { force: true })
      return this.fail(`Writing the call sheet failed: ${(error as Error).message}`)
    }
    const sheets = prepared.total === 1 ? 'call sheet' : `${prepared.total} call sheets`
    this.logger.success(`Wrote the ${sheets} of "${found[0].name}" to ${file}`)
  }
}
