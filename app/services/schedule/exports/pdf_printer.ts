import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import PDFDocument from 'pdfkit'
import type { PrintedDocument, PrintedSection } from '#services/schedule/exports/printed_document'

/*
 * PDFs with pdfkit. DejaVu Sans is embedded (read once per process and
 * registered as a buffer: pdfkit then parses it once per document, where a
 * path would have it read and parsed again and again), so every script a
 * name may use prints, whatever fonts the server has.
 *
 * Tables are laid out here, row by row, rather than with pdfkit's
 * doc.table(): that one does not repeat the header row on a new page, and a
 * bulk export adds its rows batch by batch as they are read.
 */

const fontFolder = join(
  dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
  'ttf'
)
const FONT_FILES = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf' } as const
let fonts: { regular: Buffer; bold: Buffer } | undefined

function dejaVu() {
  fonts ??= {
    regular: readFileSync(join(fontFolder, FONT_FILES.regular)),
    bold: readFileSync(join(fontFolder, FONT_FILES.bold)),
  }
  return fonts
}

/**
 * Reads the fonts every PDF embeds and has pdfkit parse them, as a document
 * does (`node ace doctor`); throws what went wrong. `folder` is where they
 * are looked for (the package's, unless a test says otherwise).
 */
export function loadPdfFonts(folder = fontFolder) {
  const doc = new PDFDocument({ autoFirstPage: false })
  return Object.values(FONT_FILES).map((file) => {
    const path = join(folder, file)
    doc.registerFont(file, readFileSync(path))
    doc.font(file)
    return path
  })
}

const INK = '#1f2937'
const MUTED = '#6b7280'
const RULE = '#d1d5db'
const HEADER_FILL = '#f3f4f6'
const CELL_PADDING = 4
const BODY_SIZE = 9.5
const TABLE_SIZE = 8.5

/** `text` on one line: runs of line breaks, tabs and other control characters become one space. */
export function singleLine(text: string) {
  return text.replace(/[\p{Cc}\p{Zl}\p{Zp}\s]+/gu, ' ').trim()
}

/*
 * pdfkit breaks a word longer than its line character by character, measuring
 * the word again after each one: a 10,000-character word held the event loop
 * for half a minute. A zero-width space (no glyph, no width in DejaVu) every
 * few dozen characters of such a word gives it places to break, so laying it
 * out takes time in proportion to its length; it prints the same.
 */
const LONG_WORD = /\S{32}(?=\S)/gu

/** `text` with a break opportunity every 32 characters of an over-long word. */
export function breakable(text: string) {
  return text.replace(LONG_WORD, '$&\u200B')
}

/** More than a header or footer line can show at any width: the rest is never measured. */
const MARGIN_LINE_CHARACTERS = 400

/**
 * The longest start of `text` (whole characters, an emoji is not split)
 * that fits `width` with an ellipsis after it; `text` itself when it fits.
 */
export function fitted(text: string, width: number, widthOf: (text: string) => number) {
  const characters = Array.from(text).slice(0, MARGIN_LINE_CHARACTERS)
  if (characters.length === Array.from(text).length && widthOf(text) <= width) {
    return text
  }
  let fits = 0
  let tooLong = characters.length
  while (tooLong - fits > 1) {
    const middle = Math.floor((fits + tooLong) / 2)
    if (widthOf(`${characters.slice(0, middle).join('').trimEnd()}…`) <= width) {
      fits = middle
    } else {
      tooLong = middle
    }
  }
  return `${characters.slice(0, fits).join('').trimEnd()}…`
}

/** A column of a table as the printer lays it out. */
export type PrintedColumn = { header: string; weight: number }

export type PdfPrinterOptions = {
  /** Printed in every page's header and the file's metadata. */
  title: string
  /** Printed at the right of every header (the company, the export's date). */
  subtitle: string
  landscape?: boolean
}

/**
 * One PDF document being written: pages with a header (title, subtitle) and
 * a footer (title, "Page n"), facts, headings, text, lists and tables whose
 * header row comes back on every page they run onto. `doc` is the stream of
 * the file's bytes.
 */
export class PdfPrinter {
  readonly doc: PDFKit.PDFDocument
  protected pageNumber = 0
  protected decorating = false
  protected marginLines = new Map<string, string>()
  protected table: { columns: PrintedColumn[]; widths: number[] } | null = null

  constructor(protected options: PdfPrinterOptions) {
    this.doc = new PDFDocument({
      size: 'A4',
      layout: options.landscape ? 'landscape' : 'portrait',
      margins: { top: 64, bottom: 56, left: 44, right: 44 },
      info: { Title: options.title, Creator: 'Schedule' },
      autoFirstPage: false,
    })
    this.doc.registerFont('body', dejaVu().regular)
    this.doc.registerFont('bold', dejaVu().bold)
    this.doc.on('pageAdded', () => this.decoratePage())
    this.doc.addPage()
  }

  protected get contentWidth() {
    const page = this.doc.page
    return page.width - page.margins.left - page.margins.right
  }

  protected get bottom() {
    return this.doc.page.height - this.doc.page.margins.bottom
  }

  /** Header and footer of a new page, then the cursor back at the top of its content. */
  protected decoratePage() {
    /*
     * Decorating writes text; text that runs past the page adds a page, and
     * that page is decorated in turn: without this guard a header or footer
     * that overflows recurses until the stack gives out.
     */
    if (this.decorating) {
      throw new Error('A page header or footer ran onto another page')
    }
    this.decorating = true
    try {
      this.pageNumber += 1
      this.drawHeaderAndFooter()
    } finally {
      this.decorating = false
    }
    const doc = this.doc
    doc.x = doc.page.margins.left
    doc.y = doc.page.margins.top
    doc.font('body').fontSize(BODY_SIZE).fillColor(INK)
    if (this.table) {
      this.tableHeader()
    }
  }

  protected drawHeaderAndFooter() {
    const doc = this.doc
    const page = doc.page
    const left = page.margins.left
    const width = this.contentWidth
    // Text in the bottom margin would start yet another page unless the margin is 0 meanwhile.
    const bottomMargin = page.margins.bottom
    page.margins.bottom = 0
    try {
      doc.fontSize(8).fillColor(INK)
      this.marginLine(this.options.title, { x: left, y: 28, width: width * 0.6, font: 'bold' })
      doc.fillColor(MUTED)
      this.marginLine(this.options.subtitle, {
        x: left + width * 0.6,
        y: 28,
        width: width * 0.4,
        font: 'body',
        align: 'right',
      })
      doc
        .moveTo(left, 44)
        .lineTo(left + width, 44)
        .lineWidth(0.5)
        .strokeColor(RULE)
        .stroke()

      const footerY = page.height - 36
      doc
        .moveTo(left, footerY - 8)
        .lineTo(left + width, footerY - 8)
        .stroke()
      this.marginLine(this.options.title, { x: left, y: footerY, width: width * 0.7, font: 'body' })
      this.marginLine(`Page ${this.pageNumber}`, {
        x: left + width * 0.7,
        y: footerY,
        width: width * 0.3,
        font: 'body',
        align: 'right',
      })
    } finally {
      page.margins.bottom = bottomMargin
    }
  }

  /**
   * One line of a header or footer, whatever the name holds: line breaks,
   * tabs and other controls read as spaces, the rest is cut to the width
   * with an ellipsis, and the box is one line high, so nothing in it can
   * wrap or start a page.
   */
  protected marginLine(
    text: string,
    box: { x: number; y: number; width: number; font: 'body' | 'bold'; align?: 'right' }
  ) {
    const doc = this.doc.font(box.font)
    // The same title and subtitle on every page: measured once.
    const key = `${box.font}|${box.width}|${text}`
    let line = this.marginLines.get(key)
    if (line === undefined) {
      line = fitted(singleLine(text), box.width, (part) => doc.widthOfString(part))
      this.marginLines.set(key, line)
    }
    doc.text(line, box.x, box.y, {
      width: box.width,
      height: doc.currentLineHeight(true),
      align: box.align ?? 'left',
      lineBreak: false,
    })
  }

  /** A new page when fewer than `height` points are left on this one. */
  protected keep(height: number) {
    if (this.doc.y + height > this.bottom) {
      this.doc.addPage()
    }
  }

  title(kind: string, title: string, color?: string) {
    const doc = this.doc
    doc
      .font('body')
      .fontSize(9)
      .fillColor(MUTED)
      .text(breakable(kind.toUpperCase()), { characterSpacing: 1 })
    const top = doc.y + 2
    if (color) {
      doc.rect(doc.page.margins.left, top + 3, 6, 18).fill(color)
      doc.x = doc.page.margins.left + 12
    }
    doc
      .font('bold')
      .fontSize(18)
      .fillColor(INK)
      .text(breakable(title), doc.x, top, {
        width: this.contentWidth - (color ? 12 : 0),
      })
    doc.x = doc.page.margins.left
    doc.moveDown(0.6)
  }

  heading(text: string) {
    this.keep(60)
    this.doc.moveDown(0.6)
    this.doc
      .font('bold')
      .fontSize(12)
      .fillColor(INK)
      .text(breakable(text), this.doc.page.margins.left)
    this.doc.moveDown(0.3)
  }

  /** Label and value pairs, the label in a narrow bold column. */
  facts(facts: [string, string | null][]) {
    const doc = this.doc
    const left = doc.page.margins.left
    const labelWidth = 110
    const valueWidth = this.contentWidth - labelWidth
    for (const [label, given] of facts) {
      if (!given) continue
      const value = breakable(given)
      doc.font('body').fontSize(BODY_SIZE)
      const height = Math.max(doc.heightOfString(value, { width: valueWidth }), 12) + 3
      this.keep(Math.min(height, 120))
      const y = doc.y
      doc
        .font('bold')
        .fillColor(MUTED)
        .text(breakable(label), left, y, { width: labelWidth - 8 })
      doc
        .font('body')
        .fillColor(INK)
        .text(value, left + labelWidth, y, { width: valueWidth })
      doc.x = left
      doc.y = Math.max(doc.y, y + 12) + 3
    }
  }

  paragraph(text: string, muted = false) {
    this.keep(24)
    this.doc
      .font('body')
      .fontSize(BODY_SIZE)
      .fillColor(muted ? MUTED : INK)
      .text(breakable(text), this.doc.page.margins.left, this.doc.y, { width: this.contentWidth })
    this.doc.fillColor(INK)
  }

  /** Half a line of white space. */
  space() {
    this.doc.moveDown(0.5)
  }

  bullets(items: string[]) {
    const doc = this.doc
    const left = doc.page.margins.left
    for (const given of items) {
      const item = breakable(given)
      doc.font('body').fontSize(BODY_SIZE)
      this.keep(Math.min(doc.heightOfString(item, { width: this.contentWidth - 14 }), 60) + 2)
      const y = doc.y
      doc.fillColor(MUTED).text('•', left, y, { width: 10 })
      doc.fillColor(INK).text(item, left + 14, y, { width: this.contentWidth - 14 })
      doc.x = left
      doc.moveDown(0.15)
    }
  }

  /** Starts a table: its header row now and on every page the rows run onto. */
  startTable(columns: PrintedColumn[]) {
    // Each column fits the longest word of its header; the rest of the width goes by weight.
    this.doc.font('bold').fontSize(TABLE_SIZE)
    const least = columns.map(
      (column) =>
        Math.max(...column.header.split(' ').map((word) => this.doc.widthOfString(word))) +
        2 * CELL_PADDING +
        1
    )
    const spare = Math.max(0, this.contentWidth - least.reduce((sum, width) => sum + width, 0))
    const total = columns.reduce((sum, column) => sum + column.weight, 0)
    const widths = columns.map((column, index) => least[index] + (spare * column.weight) / total)
    this.table = { columns, widths }
    // The header and at least one row stay together.
    this.keep(48)
    this.tableHeader()
  }

  protected tableHeader() {
    const { columns } = this.table!
    this.row(
      columns.map((column) => column.header),
      true
    )
  }

  /** One row of the current table; a row that does not fit starts a page (with the header again). */
  addRow(cells: (string | null)[]) {
    this.row(cells, false)
  }

  endTable() {
    this.table = null
    this.doc.x = this.doc.page.margins.left
    this.doc.moveDown(0.4)
  }

  protected row(given: (string | null)[], header: boolean) {
    const doc = this.doc
    const cells = given.map((value) => value && breakable(value))
    const { widths } = this.table!
    const left = doc.page.margins.left
    doc.font(header ? 'bold' : 'body').fontSize(TABLE_SIZE)
    // A cell longer than a page is cut with an ellipsis rather than spread over pages.
    const maxHeight = this.bottom - doc.page.margins.top - 40
    const heights = cells.map((value, index) =>
      value ? doc.heightOfString(value, { width: widths[index] - 2 * CELL_PADDING }) : 0
    )
    const height = Math.min(Math.max(...heights, 10), maxHeight) + 2 * CELL_PADDING
    if (!header && doc.y + height > this.bottom) {
      doc.addPage() // pageAdded draws the header row again
      doc.font('body').fontSize(TABLE_SIZE)
    }
    const y = doc.y
    if (header) {
      doc.rect(left, y, this.contentWidth, height).fill(HEADER_FILL)
    }
    let x = left
    cells.forEach((value, index) => {
      if (value) {
        doc.fillColor(INK).text(value, x + CELL_PADDING, y + CELL_PADDING, {
          width: widths[index] - 2 * CELL_PADDING,
          height: height - 2 * CELL_PADDING,
          ellipsis: true,
        })
      }
      x += widths[index]
    })
    doc
      .moveTo(left, y + height)
      .lineTo(left + this.contentWidth, y + height)
      .lineWidth(header ? 0.8 : 0.4)
      .strokeColor(RULE)
      .stroke()
    doc.x = left
    doc.y = y + height
  }

  /** One item's whole document: its title, facts and sections. */
  document(printed: PrintedDocument, color?: string) {
    this.title(printed.kind, printed.title, color)
    this.facts(printed.facts)
    for (const section of printed.sections) {
      this.section(section)
    }
  }

  protected section(section: PrintedSection) {
    this.heading(section.heading)
    let said = false
    if (section.table) {
      said = true
      if (section.table.rows.length === 0) {
        this.paragraph(section.table.empty, true)
      } else {
        this.startTable(section.table.columns)
        for (const row of section.table.rows) {
          this.addRow(row)
        }
        this.endTable()
      }
    }
    if (section.list && section.list.length > 0) {
      this.bullets(section.list)
      said = true
    }
    if (section.text) {
      this.paragraph(section.text)
      said = true
    }
    if (!said && section.empty) {
      this.paragraph(section.empty, true)
    }
  }

  /** Ends the file; the stream ends once its last bytes are read. */
  end() {
    this.doc.end()
  }
}
