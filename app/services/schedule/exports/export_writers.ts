import { once } from 'node:events'
import type { Writable } from 'node:stream'
import { stringify } from 'csv-stringify'
import ExcelJS from 'exceljs'
import yazl from 'yazl'
import { Readable } from 'node:stream'
import { formatDay } from '#services/schedule/projects/project_days'
import type { Cell, ExportColumn, ExportTable } from '#services/schedule/exports/export_tables'
import type { ItemDocument } from '#services/schedule/exports/item_documents'
import { toMarkdown } from '#services/schedule/exports/markdown_writer'
import { PdfPrinter } from '#services/schedule/exports/pdf_printer'
import { spreadsheetSafe } from '#services/shared/spreadsheet_safe'

/*
 * The writers of the export formats. Each writes into `out` (the HTTP
 * response's stream, or a file) and ends it, batch by batch: after a batch
 * it waits until `out` has taken what it was given, so a slow reader slows
 * the export down instead of filling memory. `progress` hears how many
 * items are written so far.
 */

export type Progress = (written: number) => void

/** The reader went away (the download was cancelled): stop reading the database. */
export class ExportAbortedError extends Error {}

/**
 * The first of `events` on `out`. The listeners for the others go too: an
 * export waits thousands of times, and listeners left behind would pile up.
 */
async function firstOf(out: Writable, events: string[]) {
  const done = new AbortController()
  try {
    await Promise.race(events.map((event) => once(out, event, { signal: done.signal })))
  } finally {
    done.abort()
  }
}

/** Waits until `out` wants more; throws when it was closed meanwhile. */
export async function drained(out: Writable) {
  if (out.destroyed) {
    throw new ExportAbortedError('The export was cancelled')
  }
  if (out.writableNeedDrain) {
    await firstOf(out, ['drain', 'close'])
    if (out.destroyed) {
      throw new ExportAbortedError('The export was cancelled')
    }
  }
}

/** Until `out` has taken everything (or was closed). */
function finished(out: Writable) {
  return out.writableFinished || out.destroyed
    ? Promise.resolve()
    : firstOf(out, ['finish', 'close'])
}

async function finish(out: Writable) {
  out.end()
  await finished(out)
}

function csvCell(column: ExportColumn, value: Cell) {
  if (value === null || value === undefined) return ''
  if (value instanceof Date) return value.toISOString()
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  if (typeof value === 'number') return String(value)
  return column.type === 'text' ? spreadsheetSafe(value) : value
}

/** RFC 4180 (CRLF, quotes doubled), UTF-8 with a BOM so spreadsheet programs read accents right. */
export async function writeCsv(table: ExportTable, out: Writable, progress?: Progress) {
  const csv = stringify({ bom: true, record_delimiter: 'windows', quoted_match: /[\r\n",]/ })
  csv.pipe(out)
  let written = 0
  try {
    csv.write(table.columns.map((column) => column.header))
    for await (const batch of table.rows()) {
      for (const row of batch) {
        csv.write(table.columns.map((column) => csvCell(column, row[column.key])))
      }
      written += batch.length
      progress?.(written)
      await drained(out)
    }
  } finally {
    csv.end()
  }
  await finished(out)
}

function xlsxCell(column: ExportColumn, value: Cell) {
  if (value === null || value === undefined) return null
  if (column.type === 'day' && typeof value === 'string') return new Date(`${value}T00:00:00Z`)
  return value
}

const NUMBER_FORMATS: Partial<Record<ExportColumn['type'], string>> = {
  day: 'yyyy-mm-dd',
  timestamp: 'yyyy-mm-dd hh:mm',
}

/**
 * An .xlsx through exceljs's streaming writer: each row is committed (and
 * leaves memory) as it is written. Dates are real dates, numbers numbers;
 * a bold header row stays in view (frozen pane) and columns have widths.
 */
export async function writeXlsx(table: ExportTable, out: Writable, progress?: Progress) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  })
  workbook.creator = 'Schedule'
  workbook.created = new Date()
  const sheet = workbook.addWorksheet(table.title, {
    views: [{ state: 'frozen', ySplit: 1 }],
  })
  sheet.columns = table.columns.map((column) => ({
    key: column.key,
    width: column.width,
    style: NUMBER_FORMATS[column.type] ? { numFmt: NUMBER_FORMATS[column.type] } : {},
  }))
  const header = sheet.addRow(table.columns.map((column) => column.header))
  header.font = { bold: true }
  header.commit()
  let written = 0
  for await (const batch of table.rows()) {
    for (const row of batch) {
      sheet.addRow(table.columns.map((column) => xlsxCell(column, row[column.key]))).commit()
    }
    written += batch.length
    progress?.(written)
    await drained(out)
  }
  sheet.commit()
  await workbook.commit()
}

function jsonValue(value: Cell) {
  return value instanceof Date ? value.toISOString() : value
}

/** `{ kind, exportedAt, count, items: [...] }`, written item by item. */
export async function writeJson(
  table: ExportTable,
  total: number,
  out: Writable,
  progress?: Progress
) {
  const head = { kind: table.kind, exportedAt: new Date().toISOString(), count: total }
  out.write(`${JSON.stringify(head).slice(0, -1)},"items":[`)
  let written = 0
  for await (const batch of table.rows()) {
    const items = batch.map((row) =>
      JSON.stringify(
        Object.fromEntries(table.columns.map((column) => [column.key, jsonValue(row[column.key])]))
      )
    )
    out.write(`${written > 0 ? ',' : ''}\n${items.join(',\n')}`)
    written += batch.length
    progress?.(written)
    await drained(out)
  }
  out.write('\n]}\n')
  await finish(out)
}

/**
 * A zip (yazl) of one Markdown file per item. Each file is handed to yazl as
 * a stream it opens when its turn comes, and the next batch is read only
 * once the last file of this one has been written out, so at most one
 * batch waits in memory.
 */
export async function writeMarkdownZip(
  documents: AsyncIterable<ItemDocument[]>,
  out: Writable,
  progress?: Progress
) {
  const zip = new yazl.ZipFile()
  zip.outputStream.pipe(out)
  const failed = new Promise<never>((_, reject) => {
    zip.on('error', reject)
    out.on('close', () => {
      if (!out.writableFinished) reject(new ExportAbortedError('The export was cancelled'))
    })
  })
  failed.catch(() => {})
  const names = new Set<string>()
  let written = 0
  const mtime = new Date()
  for await (const batch of documents) {
    let lastStarted: Promise<void> = Promise.resolve()
    for (const { document } of batch) {
      let name = `${document.fileStem}.md`
      for (let copy = 2; names.has(name); copy += 1) {
        name = `${document.fileStem}-${copy}.md`
      }
      names.add(name)
      const markdown = toMarkdown(document)
      lastStarted = new Promise<void>((resolve) => {
        zip.addReadStreamLazy(name, { mtime }, (callback) => {
          resolve()
          callback(null, Readable.from([Buffer.from(markdown, 'utf8')]))
        })
      })
    }
    await Promise.race([lastStarted, failed])
    written += batch.length
    progress?.(written)
    await drained(out)
  }
  zip.end()
  // The pipe ends `out` once yazl has written the central directory.
  await Promise.race([finished(out), failed])
}

function pdfCell(column: ExportColumn, value: Cell) {
  if (value === null || value === undefined || value === '') return null
  if (column.type === 'day' && typeof value === 'string') return formatDay(value)
  if (value instanceof Date) return formatDay(value.toISOString().slice(0, 10))
  if (typeof value === 'boolean') return value ? 'Yes' : null
  return String(value)
}

/**
 * One landscape PDF of the table (the columns a page has room for), its
 * header on every page; `summary` (what it holds) under the title.
 */
export async function writeTablePdf(
  table: ExportTable,
  page: { subtitle: string; summary: string },
  out: Writable,
  progress?: Progress
) {
  const printer = new PdfPrinter({ title: table.title, subtitle: page.subtitle, landscape: true })
  printer.doc.pipe(out)
  const columns = table.columns.filter((column) => column.pdf)
  printer.title('Export', table.title)
  printer.paragraph(page.summary, true)
  printer.space()
  printer.startTable(columns.map((column) => ({ header: column.header, weight: column.pdf! })))
  let written = 0
  for await (const batch of table.rows()) {
    for (const row of batch) {
      printer.addRow(columns.map((column) => pdfCell(column, row[column.key])))
    }
    written += batch.length
    progress?.(written)
    await drained(out)
  }
  if (written === 0) {
    printer.endTable()
    printer.paragraph('Nothing matches this export.', true)
  }
  printer.end()
  await finished(out)
}

/** One item's PDF. */
export async function writeDocumentPdf(item: ItemDocument, subtitle: string, out: Writable) {
  const printer = new PdfPrinter({ title: item.document.title, subtitle })
  printer.doc.pipe(out)
  printer.document(item.document, item.color)
  printer.end()
  await finished(out)
}

/** One item's Markdown. */
export async function writeDocumentMarkdown(item: ItemDocument, out: Writable) {
  out.write(toMarkdown(item.document))
  await finish(out)
}
