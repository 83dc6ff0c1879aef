import type { Writable } from 'node:stream'
import { inject } from '@adonisjs/core'
import { ShareView } from '#services/schedule/sharing/share_view'
import { ScheduleSettings } from '#services/schedule/settings/schedule_settings'
import { RecordNotFoundError } from '#services/schedule/directory/record_errors'
import { formatDay, formatDays, today } from '#services/schedule/projects/project_days'
import {
  BULK_KINDS,
  exportTable,
  type BulkKind,
  type ExportFilter,
} from '#services/schedule/exports/export_tables'
import { ItemDocuments, type ItemDocument } from '#services/schedule/exports/item_documents'
import { sharedDocument } from '#services/schedule/exports/shared_documents'
import {
  writeCsv,
  writeDocumentMarkdown,
  writeDocumentPdf,
  writeJson,
  writeMarkdownZip,
  writeTablePdf,
  writeXlsx,
  type Progress,
} from '#services/schedule/exports/export_writers'

export const BULK_FORMATS = ['csv', 'xlsx', 'json', 'zip', 'pdf'] as const
export type BulkFormat = (typeof BULK_FORMATS)[number]

export const ITEM_FORMATS = ['md', 'pdf'] as const
export type ItemFormat = (typeof ITEM_FORMATS)[number]

/** The items that export one at a time, by the name their routes and the command use. */
export const ITEM_KINDS = ['project', 'crew', 'vendor', 'location'] as const
export type ItemKind = (typeof ITEM_KINDS)[number]

export const CONTENT_TYPES: Record<BulkFormat | ItemFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  json: 'application/json; charset=utf-8',
  zip: 'application/zip',
  pdf: 'application/pdf',
  md: 'text/markdown; charset=utf-8',
}

/**
 * An export checked and ready to write: its file name and type for the
 * response's headers, how many items it holds (for a progress line), and
 * `write`, which streams it into `out` and ends it.
 */
export type PreparedExport = {
  fileName: string
  contentType: string
  total: number
  write: (out: Writable, progress?: Progress) => Promise<void>
}

/** `projects.csv` → its kind and format; anything else is not an export. */
export function parseExportFile(file: string) {
  const match = /^([a-z]+)\.([a-z]+)$/.exec(file)
  const kind = match?.[1] as BulkKind
  const format = match?.[2] as BulkFormat
  if (!match || !BULK_KINDS.includes(kind) || !BULK_FORMATS.includes(format)) {
    throw new RecordNotFoundError('Unknown export')
  }
  return { kind, format }
}

/** "12 items, 1 Apr 2030 – 30 Apr 2030, matching “fête”": what a bulk PDF holds. */
function summary(total: number, filter: ExportFilter) {
  const parts = [`${total} ${total === 1 ? 'item' : 'items'}`]
  if (filter.from || filter.to) {
    parts.push(
      filter.from && filter.to
        ? formatDays(filter.from, filter.to)
        : filter.from
          ? `from ${formatDay(filter.from)}`
          : `until ${formatDay(filter.to!)}`
    )
  }
  if (filter.search) parts.push(`matching “${filter.search}”`)
  if (filter.personSearch) parts.push(`people matching “${filter.personSearch}”`)
  return parts.join(', ')
}

/** A Content-Disposition that names the file, with an ASCII fallback for old clients. */
export function attachmentHeader(fileName: string) {
  const ascii = fileName
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '')
  return `attachment; filename="${ascii || 'export'}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}

/**
 * Schedule's exports (spec 3, "exports"): one item as Markdown or PDF, a
 * share link's item as its recipient sees it, and the bulk lists in five
 * formats. Everything is checked (404, 410, 422) before the first byte, and
 * then streamed.
 */
@inject()
export class ScheduleExports {
  constructor(
    protected shareView: ShareView,
    protected settings: ScheduleSettings
  ) {}

  /** "Company · exported 3 May 2030", printed at the top of every PDF page. */
  protected async subtitle() {
    const { company_name: company } = await this.settings.values(['company_name'])
    const exported = `Exported ${formatDay(today())}`
    return typeof company === 'string' && company ? `${company} · ${exported}` : exported
  }

  async bulk(kind: BulkKind, format: BulkFormat, filter: ExportFilter): Promise<PreparedExport> {
    const table = exportTable(kind, filter)
    const total = await table.count()
    const subtitle = await this.subtitle()
    const range =
      filter.from || filter.to ? `-${filter.from ?? 'start'}-to-${filter.to ?? 'end'}` : ''
    return {
      fileName: `${kind}${range}-${today()}.${format}`,
      contentType: CONTENT_TYPES[format],
      total,
      write: (out, progress) => {
        switch (format) {
          case 'csv':
            return writeCsv(table, out, progress)
          case 'xlsx':
            return writeXlsx(table, out, progress)
          case 'json':
            return writeJson(table, total, out, progress)
          case 'zip':
            return writeMarkdownZip(table.documents(), out, progress)
          case 'pdf':
            return writeTablePdf(
              table,
              { subtitle, summary: summary(total, filter) },
              out,
              progress
            )
        }
      },
    }
  }

  async item(kind: ItemKind, id: number, format: ItemFormat) {
    const documents = new ItemDocuments()
    const item = await documents[kind](id)
    return this.prepareItem(item, format)
  }

  /** A share link's item, exactly as its page shows it; refused as the page refuses it. */
  async shared(token: string, format: ItemFormat) {
    return this.prepareItem(await sharedDocument(await this.shareView.open(token)), format)
  }

  protected async prepareItem(item: ItemDocument, format: ItemFormat): Promise<PreparedExport> {
    const subtitle = await this.subtitle()
    return {
      fileName: `${item.document.fileStem}.${format}`,
      contentType: CONTENT_TYPES[format],
      total: 1,
      write: async (out, progress) => {
        await (format === 'md'
          ? writeDocumentMarkdown(item, out)
          : writeDocumentPdf(item, subtitle, out))
        progress?.(1)
      },
    }
  }
}
