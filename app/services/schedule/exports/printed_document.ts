/*
 * What one exported item says, before it is written as Markdown or PDF: a
 * title, labelled facts, then sections of tables, lists or text. Both
 * writers read this one shape, so a Markdown file and a PDF of the same
 * item always hold the same things.
 */

/** A table's cell, already in words (dates formatted, lists joined). */
export type PrintedCell = string | null

export type PrintedTable = {
  columns: {
    header: string
    /** Share of the page's width, relative to the others. */ weight: number
  }[]
  rows: PrintedCell[][]
  /** What an empty table says instead. */
  empty: string
}

export type PrintedSection = {
  heading: string
  table?: PrintedTable
  /** Bullet points (a checklist's items, notes). */
  list?: string[]
  /** Plain text, kept as written (line breaks included). */
  text?: string | null
  /** Said when the section has nothing else. */
  empty?: string
}

export type PrintedDocument = {
  /** The item's name: the title of the document and of its file. */
  title: string
  /** What the item is ("Project", "Crew member"…), above the title. */
  kind: string
  facts: [label: string, value: string | null][]
  sections: PrintedSection[]
  /** The file name without extension, unique within an export. */
  fileStem: string
}

/** A file name part from a name: letters and digits of any script, dashes between words. */
export function fileStem(name: string, id?: number) {
  const words = name
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
  const stem = words || 'item'
  return id === undefined ? stem : `${stem}-${id}`
}
