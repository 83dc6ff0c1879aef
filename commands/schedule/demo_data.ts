import { flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { AppCommand } from '#commands/shared/_app_command'

export default class ScheduleDemoData extends AppCommand {
  static commandName = 'schedule:demo-data'
  static description =
    'Fill an empty schedule with a demo production company: crew, vendors, clients, locations and three months of projects'
  static options: CommandOptions = { startApp: true }
  protected appId = 'schedule' as const

  @flags.boolean({ description: 'Add the demo even though projects exist' })
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
    const { DemoCompany } = await import('#services/schedule/demo_company')
    const demo = await this.app.container.make(DemoCompany)
    const existing = await demo.projectCount()
    if (existing > 0 && !this.force) {
      const why = `schedule already has ${existing} project(s); the demo company goes into an empty schedule only`
      if (this.ifEmpty) {
        return this.skip(why)
      }
      return this.fail(
        `${why}. Run again with --force to add it anyway (its people are then booked where they are free).`
      )
    }
    const actor = await demo.actor()
    if (!actor) {
      return this.fail(
        'schedule has no admin yet, and the demo is logged under one: make one first with node ace schedule:bootstrap-admin <email>'
      )
    }
    this.logger.info(`Adding the demo company as ${actor.email}`)
    const summary = await demo.create(actor, { log: (line) => this.logger.info(line) })
    this.logger.success(
      `${summary.companyName}: ${summary.projects} projects from ${summary.from} to ${summary.to} with ${summary.bookings} bookings and ${summary.dayNotes} day notes; added ${summary.crew} crew, ${summary.vendors} vendors, ${summary.clients} clients and ${summary.locations} locations; ${summary.openConflicts} open double booking(s), ${summary.resolvedConflicts} resolved`
    )
    if (this.json) {
      this.logger.log(JSON.stringify(summary))
    }
  }

  protected skip(why: string) {
    this.logger.info(`Nothing added: ${why}`)
    if (this.json) {
      this.logger.log(JSON.stringify({ skipped: why }))
    }
  }

  protected fail(message: string) {
    this.logger.error(message)
    this.exitCode = 1
  }
}
