import { Readable, type Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { stringify } from 'csv-stringify'
import { IANAZone } from 'luxon'
import type AuditEvent from '#models/sso/audit_event'
import AuditEntryTransformer from '#transformers/sso/audit_entry_transformer'
import { spreadsheetSafe } from '#services/shared/spreadsheet_safe'

/** The export's columns, in order; times are in the reader's zone, named in the header. */
function columns(zone: string) {
  return [
    { key: 'id', header: 'ID' },
    { key: 'at', header: `Time (${zone})` },
    { key: 'event', header: 'Event' },
    { key: 'person', header: 'Person' },
    { key: 'email', header: 'Email given' },
    { key: 'actor', header: 'Done by' },
    { key: 'ip', header: 'IP address' },
    { key: 'userAgent', header: 'User agent' },
    { key: 'details', header: 'Details' },
  ]
}

/** One entry as a CSV row: the API's fields (the same transformer), flattened. */
function row(entry: AuditEvent, zone: string) {
  const view = new AuditEntryTransformer(entry).toObject()
  const actor = view.actor && ('terminal' in view.actor ? 'terminal' : view.actor.email)
  return {
    id: String(view.id),
    at: entry.createdAt.setZone(zone).toFormat('yyyy-MM-dd HH:mm:ss'),
    event: view.event,
    person: view.person?.email ?? '',
    email: view.email ?? '',
    actor: actor ?? '',
    ip: view.ip ?? '',
    userAgent: view.userAgent ?? '',
    details: Object.keys(view.details).length > 0 ? JSON.stringify(view.details) : '',
  }
}

/**
 * Writes the audit log as CSV to `out` (RFC 4180 quoting, one header row),
 * batch by batch as `batches` reads them, waiting for `out` to take each
 * chunk. `written` is told the number of entries written so far. `out` is
 * left open: it may be the process's stdout.
 */
export async function writeAuditCsv(
  batches: AsyncIterable<AuditEvent[]>,
  out: Writable,
  options: { zone: string; written?: (count: number) => void }
) {
  const zone = IANAZone.isValidZone(options.zone) ? options.zone : 'UTC'
  async function* rows() {
    let count = 0
    for await (const batch of batches) {
      for (const entry of batch) {
        yield row(entry, zone)
      }
      count += batch.length
      options.written?.(count)
    }
  }
  await pipeline(
    Readable.from(rows()),
    stringify({
      header: true,
      columns: columns(zone),
      // Quoted also for a lone carriage return, which some readers take as a line break.
      quoted_match: /[\r\n",]/,
      cast: { string: spreadsheetSafe },
    }),
    out,
    { end: false }
  )
}
