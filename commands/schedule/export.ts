import { createWriteStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import { resolve } from 'node:path'
import { args, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { AppCommand } from '#commands/shared/_app_command'

/** The singular names of the items that export one at a time, and their plurals. */
const ITEM_NAMES: Record<string, 'project' | 'crew' | 'vendor' | 'location'> = {
  project: 'project',
  projects: 'project',
  crew: 'crew',
  vendor: 'vendor',
  vendors: 'vendor',
  location: 'location',
  locations: 'location',
}

export default class ScheduleExport extends AppCommand {
  static commandName = 'schedule:export'
  static description =
    'Export projects, crew, vendors, locations, clients or rosters (CSV, XLSX, JSON, zip of Markdown, PDF), or one item with --id (Markdown, PDF), to a file'
  static options: CommandOptions = { startApp: true }
  protected appId = 'schedule' as const

  @args.string({
    description:
      'projects, crew, vendors, locations, clients or rosters; with --id: project, crew, vendor or location',
  })
  declare kind: string

  @flags.string({
    description: 'csv, xlsx, json, zip or pdf (default csv); one item: md or pdf (default pdf)',
  })
  declare format?: string

  @flags.number({
    description: 'Export this one item (a project, crew member, vendor or location)',
  })
  declare id?: number

  @flags.string({ description: 'Projects and rosters: from this day (YYYY-MM-DD)' })
  declare from?: string

  @flags.string({ description: 'Projects and rosters: to this day (YYYY-MM-DD)' })
  declare to?: string

  @flags.string({ description: 'Only items whose name (or contact details) contain this' })
  declare search?: string

  @flags.string({ description: 'The file to write (default: the export’s own name, here)' })
  declare out?: string

  async run() {
    const { ScheduleExports, BULK_FORMATS, ITEM_FORMATS } =
      await import('#services/schedule/exports/schedule_exports')
    const { BULK_KINDS } = await import('#services/schedule/exports/export_tables')
    const { bulkExportValidator } = await import('#validators/schedule/export_validators')
    const exports = await this.app.container.make(ScheduleExports)

    let prepared
    try {
      if (this.id !== undefined) {
        const kind = ITEM_NAMES[this.kind]
        const format = this.format ?? 'pdf'
        if (!kind || !(ITEM_FORMATS as readonly string[]).includes(format)) {
          return this.fail('One item (--id) is a project, crew, vendor or location, as md or pdf')
        }
        if (!Number.isInteger(this.id) || this.id <= 0) {
          return this.fail('--id is the item’s number, as its page’s address shows it')
        }
        prepared = await exports.item(kind, this.id, format as 'md' | 'pdf')
      } else {
        const format = this.format ?? 'csv'
        if (!(BULK_KINDS as readonly string[]).includes(this.kind)) {
          return this.fail(`Unknown kind "${this.kind}": ${BULK_KINDS.join(', ')}`)
        }
        if (!(BULK_FORMATS as readonly string[]).includes(format)) {
          return this.fail(`Unknown format "${format}": ${BULK_FORMATS.join(', ')}`)
        }
        const filter = await bulkExportValidator.validate({
          from: this.from,
          to: this.to,
          search: this.search,
        })
        prepared = await exports.bulk(
          this.kind as (typeof BULK_KINDS)[number],
          format as (typeof BULK_FORMATS)[number],
          filter
        )
      }
    } catch (error) {
      const messages = (error as { messages?: { message: string }[] }).messages
      return this.fail(
        messages ? messages.map((m) => m.message).join('; ') : (error as Error).message
      )
    }

    const file = resolve(this.out ?? prepared.fileName)
    const total = prepared.total
    const progress = this.progress('Written', total)
    try {
      await prepared.write(createWriteStream(file), (written) => progress.update(written))
      progress.finish()
    } catch (error) {
      await rm(file, { force: true })
      return this.fail(`The export failed: ${(error as Error).message}`)
    }
    this.logger.success(`Wrote ${total} ${total === 1 ? 'item' : 'items'} to ${file}`)
  }
}
