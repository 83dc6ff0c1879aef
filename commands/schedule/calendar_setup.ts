import { flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { errors as vineErrors } from '@vinejs/vine'
import { AppCommand } from '#commands/shared/_app_command'
import type { CalendarSync } from '#services/schedule/calendar_sync/calendar_sync'

type SyncStatus = Awaited<ReturnType<CalendarSync['status']>>

export default class ScheduleCalendarSetup extends AppCommand {
  static commandName = 'schedule:calendar:setup'
  static description =
    "Show the calendar sync's state, or change its settings as Administration does (a new calendar is tested)"
  static options: CommandOptions = { startApp: true }
  protected appId = 'schedule' as const

  @flags.string({ description: 'The Google calendar id (its settings, Integrate calendar)' })
  declare calendar?: string

  @flags.string({ description: 'Time zone of timed events, e.g. Europe/London' })
  declare timezone?: string

  @flags.array({
    flagName: 'status',
    description:
      'A project status whose projects go to the calendar, by name (repeatable; replaces the list)',
  })
  declare statuses?: string[]

  @flags.array({
    flagName: 'show',
    description:
      'What descriptions show (repeatable; the others are left out): client, status, dayDetails, people, notes, link',
  })
  declare show?: string[]

  @flags.boolean({
    description: "Print the state as JSON (GET /api/admin/calsync/status's answer)",
  })
  declare json?: boolean

  async run() {
    const { CalendarSync } = await import('#services/schedule/calendar_sync/calendar_sync')
    const { DESCRIPTION_FIELDS } =
      await import('#services/schedule/calendar_sync/calendar_sync_settings')
    const { calendarSyncSettingsValidator } =
      await import('#validators/schedule/calendar_sync_validators')
    const { default: ProjectStatus } = await import('#models/schedule/project_status')
    const sync = await this.app.container.make(CalendarSync)
    const statuses = await ProjectStatus.query().orderBy('sort_order')

    const changing = [this.calendar, this.timezone, this.statuses, this.show].some(
      (value) => value !== undefined
    )
    if (changing) {
      const unknown = (this.statuses ?? []).filter(
        (name) => !statuses.some((status) => status.name.toLowerCase() === name.toLowerCase())
      )
      if (unknown.length > 0) {
        return this.fail(
          `No project status ${unknown.join(', ')}; there are ${statuses.map((status) => status.name).join(', ')}`
        )
      }
      try {
        const changes = await calendarSyncSettingsValidator.validate({
          calendarId: this.calendar,
          timezone: this.timezone,
          allowedStatuses: this.statuses?.map(
            (name) =>
              statuses.find((status) => status.name.toLowerCase() === name.toLowerCase())!.id
          ),
          descriptionFields: this.show
            ? Object.fromEntries(
                Object.keys(DESCRIPTION_FIELDS).map((key) => [key, this.show!.includes(key)])
              )
            : undefined,
        })
        await sync.updateSettings(changes)
      } catch (error) {
        if (error instanceof vineErrors.E_VALIDATION_ERROR) {
          const messages = (error.messages as { field: string; message: string }[]).map(
            (item) => `${item.field}: ${item.message}`
          )
          return this.fail(messages.join('; '))
        }
        throw error
      }
      if (!this.json) {
        this.logger.success(
          'Calendar sync settings saved; run schedule:calendar:sync to apply them'
        )
      }
    }

    const status = await sync.status()
    if (this.json) {
      const { serializer } = await import('#services/shared/serialize')
      const { default: CalendarSyncStatusTransformer } =
        await import('#transformers/schedule/calendar_sync_status_transformer')
      const jsonValue = await serializer.serialize(CalendarSyncStatusTransformer.transform(status))
      this.printRecord([], { json: true, jsonValue })
    }
    const names = new Map(statuses.map((item) => [item.id, item.name]))
    if (!this.json) {
      this.#print(status, names)
    }

    if (this.calendar && status.configured) {
      const tested = await sync.test(this.calendar)
      if (tested.success) {
        if (this.json) return
        this.logger.success(`The service account can see "${tested.calendarName}"`)
      } else {
        return this.fail(tested.error!)
      }
    }
  }

  #print(status: SyncStatus, names: Map<number, string>) {
    this.logger.info(
      status.configured
        ? `Service account: ${status.serviceAccountEmail}`
        : `Not configured: ${status.problem}`
    )
    this.logger.info(`Calendar: ${status.settings.calendarId ?? 'none chosen'}`)
    this.logger.info(`Time zone: ${status.settings.timezone}`)
    this.logger.info(
      `Statuses synced: ${status.settings.allowedStatuses.map((id) => names.get(id)).join(', ') || 'none'}`
    )
    const shown = Object.entries(status.settings.descriptionFields)
      .filter(([, on]) => on)
      .map(([key]) => key)
    this.logger.info(`Descriptions show: ${shown.join(', ') || 'nothing more'}`)
    this.logger.info(
      status.lastSyncAt
        ? `Last sync: ${status.lastSyncAt}, ${status.lastSyncResult?.synced ?? 0} synced, ${status.lastSyncResult?.errors.length ?? 0} error(s)`
        : 'Last sync: never'
    )
  }
}
