import { flags } from '@adonisjs/core/ace'
import { SsoCommand } from '#commands/sso/_sso_command'
import type { AuditQuery } from '#services/sso/audit_search'
import type { AuditLog } from '#services/sso/audit_log'

/** The zone this machine's clock is set to, as a browser gives the admin page its own. */
function machineZone() {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}

type Entry = {
  createdAt: string
  event: string
  person: { email: string } | null
  email: string | null
  actor: { email: string } | { terminal: true } | null
  ip: string | null
  userAgent: string | null
  details: Record<string, unknown>
}

export default class SsoAuditList extends SsoCommand {
  static commandName = 'sso:audit:list'
  static description =
    'List the audit log, newest first, with the admin page’s filters; or export every matching entry as CSV'

  @flags.string({
    description: "Part of an email: the person's, or the one given in a failed sign-in",
  })
  declare person?: string

  @flags.string({ description: 'Only this event (sign_in, sign_in_failed, user_disabled…)' })
  declare event?: string

  @flags.string({ description: 'From this day on, YYYY-MM-DD' })
  declare from?: string

  @flags.string({ description: 'Up to and including this day, YYYY-MM-DD' })
  declare to?: string

  @flags.string({
    description: "Time zone of --from/--to and of the times shown (default: this machine's)",
  })
  declare tz?: string

  @flags.number({ description: 'Page to show (default 1)' })
  declare page?: number

  @flags.number({ flagName: 'per-page', description: 'Entries per page (default 50, at most 100)' })
  declare perPage?: number

  @flags.boolean({ description: 'Print the page as GET /api/admin/audit answers it' })
  declare json?: boolean

  @flags.boolean({ description: 'Every matching entry as CSV (to stdout unless --out)' })
  declare csv?: boolean

  @flags.string({ description: 'Write the CSV to this file (implies --csv)' })
  declare out?: string

  async run() {
    const csv = this.csv || this.out !== undefined
    if (csv && this.json) {
      return this.wrongUsage('Use either --json or --csv, not both')
    }
    if (csv && (this.page !== undefined || this.perPage !== undefined)) {
      return this.wrongUsage('The CSV holds every matching entry: leave out --page and --per-page')
    }
    await this.guarded(async () => {
      const { auditSearchValidator } = await import('#validators/sso/admin_validators')
      const { AuditLog } = await import('#services/sso/audit_log')
      const query = await auditSearchValidator.validate({
        person: this.person,
        event: this.event,
        from: this.from,
        to: this.to,
        tz: this.tz ?? machineZone(),
        page: this.page,
        perPage: this.perPage,
      })
      const auditLog = await this.app.container.make(AuditLog)
      // A typo would otherwise look like a quiet log.
      if (query.person && !(await auditLog.knowsPerson(query.person))) {
        return this.fail(`No person or email in the audit log matches "${query.person}"`)
      }
      if (csv) {
        return this.#export(auditLog, query)
      }
      await this.#list(query)
    })
  }

  async #list(query: AuditQuery) {
    const { AuditSearch } = await import('#services/sso/audit_search')
    const { DateTime } = await import('luxon')
    const { deviceName } = await import('#services/shared/device_names')
    const search = await this.app.container.make(AuditSearch)
    const answer = await search.answer(query)
    const zone = query.tz!
    const rows = answer.data as Entry[]
    this.printList(
      rows,
      [
        {
          title: `Time (${zone})`,
          value: (entry) =>
            DateTime.fromISO(entry.createdAt).setZone(zone).toFormat('yyyy-MM-dd HH:mm:ss'),
        },
        { title: 'Event', value: (entry) => entry.event },
        { title: 'Person', value: (entry) => entry.person?.email ?? entry.email },
        {
          title: 'Done by',
          value: (entry) =>
            entry.actor && ('terminal' in entry.actor ? 'terminal' : entry.actor.email),
        },
        { title: 'IP address', value: (entry) => entry.ip },
        { title: 'Device', value: (entry) => entry.userAgent && deviceName(entry.userAgent) },
        {
          title: 'Details',
          value: (entry) =>
            Object.keys(entry.details).length > 0 ? JSON.stringify(entry.details) : null,
        },
      ],
      { json: this.json, jsonValue: answer, empty: 'No audit entries match' }
    )
    const { meta } = answer
    if (!this.json && rows.length > 0) {
      this.logger.log(`Page ${meta.page} of ${meta.lastPage} (${meta.total} entries)`)
    }
  }

  async #export(auditLog: AuditLog, query: AuditQuery) {
    const { auditFilters } = await import('#services/sso/audit_search')
    const { writeAuditCsv } = await import('#services/sso/audit_export')
    const filters = auditFilters(query)
    const total = await auditLog.count(filters)
    const entries = (count: number) => `${count} ${count === 1 ? 'entry' : 'entries'}`
    const zone = query.tz!

    if (this.out === undefined) {
      const out = this.dataOut()
      const progress = this.progress('Exporting the audit log', total, entries)
      try {
        await writeAuditCsv(auditLog.batches(filters), out.stream, {
          zone,
          written: (count) => progress.update(count),
        })
      } catch (error) {
        // The reader stopped early (`| head`): it has what it wanted.
        if ((error as NodeJS.ErrnoException).code !== 'EPIPE') {
          throw error
        }
      } finally {
        progress.finish()
      }
      out.close()
      return
    }

    const { open } = await import('node:fs/promises')
    const { finished } = await import('node:stream/promises')
    let file
    try {
      file = await open(this.out, 'w')
    } catch (error) {
      return this.fail(`Cannot write ${this.out}: ${(error as Error).message}`)
    }
    const stream = file.createWriteStream()
    const progress = this.progress('Exporting the audit log', total, entries)
    let written = 0
    try {
      await writeAuditCsv(auditLog.batches(filters), stream, {
        zone,
        written: (count) => {
          written = count
          progress.update(count)
        },
      })
    } finally {
      progress.finish()
      stream.end()
      await finished(stream)
    }
    this.logger.success(`Wrote ${entries(written)} to ${this.out}`)
  }
}
