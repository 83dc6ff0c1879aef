import { DemoDataCommand } from '#commands/shared/_demo_data_command'

export default class ScheduleDemoData extends DemoDataCommand {
  static commandName = 'schedule:demo-data'
  static description =
    'Fill an empty schedule with a demo production company: crew, vendors, clients, locations and three months of projects'
  protected appId = 'schedule' as const

  async run() {
    const { DemoCompany } = await import('#services/schedule/demo/demo_company')
    const demo = await this.app.container.make(DemoCompany)
    const existing = await demo.projectCount()
    const why =
      existing > 0
        ? `schedule already has ${existing} project(s); the demo company goes into an empty schedule only`
        : null
    if (!this.mayFill(why, 'it anyway (its people are then booked where they are free)')) {
      return
    }
    const actor = await demo.actor()
    if (!actor) {
      this.logger.error(
        'schedule has no admin yet, and the demo is logged under one: make one first with node ace schedule:bootstrap-admin <email>'
      )
      this.exitCode = 1
      return
    }
    this.logger.info(`Adding the demo company as ${actor.email}`)
    const summary = await demo.create(actor, { log: (line) => this.logger.info(line) })
    this.logger.success(
      `${summary.companyName}: ${summary.projects} projects from ${summary.from} to ${summary.to} with ${summary.bookings} bookings and ${summary.dayNotes} day notes; added ${summary.crew} crew, ${summary.vendors} vendors, ${summary.clients} clients and ${summary.locations} locations; ${summary.openConflicts} open double booking(s), ${summary.resolvedConflicts} resolved`
    )
    this.printJson(summary)
  }
}
