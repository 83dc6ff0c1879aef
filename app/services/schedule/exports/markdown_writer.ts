import type { PrintedDocument, PrintedTable } from './printed_document.js'

/*
 * A PrintedDocument as CommonMark with GitHub tables. Cells escape the
 * characters that would end a cell or start markup; text keeps its line
 * breaks (two trailing spaces).
 */

function escapeInline(value: string) {
  return value.replace(/([\\`*_{}[\]<>#|])/g, '\\$1')
}

function cell(value: string | null) {
  return value ? escapeInline(value).replace(/\r?\n/g, '<br>') : ''
}

function paragraph(value: string) {
  return escapeInline(value).replace(/\r?\n/g, '  \n')
}

function table(printed: PrintedTable) {
  if (printed.rows.length === 0) {
    return `_${printed.empty}_`
  }
  const lines = [
    `| ${printed.columns.map((column) => cell(column.header)).join(' | ')} |`,
    `| ${printed.columns.map(() => '---').join(' | ')} |`,
    ...printed.rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
  ]
  return lines.join('\n')
}

export function toMarkdown(document: PrintedDocument) {
  const parts = [`# ${escapeInline(document.title)}`, `_${document.kind}_`]
  const facts = document.facts.filter(([, value]) => value)
  if (facts.length > 0) {
    parts.push(facts.map(([label, value]) => `- **${label}:** ${paragraph(value!)}`).join('\n'))
  }
  for (const section of document.sections) {
    parts.push(`## ${escapeInline(section.heading)}`)
    let said = false
    if (section.table) {
      parts.push(table(section.table))
      said = true
    }
    if (section.list && section.list.length > 0) {
      parts.push(section.list.map((item) => `- ${paragraph(item)}`).join('\n'))
      said = true
    }
    if (section.text) {
      parts.push(paragraph(section.text))
      said = true
    }
    if (!said && section.empty) {
      parts.push(`_${section.empty}_`)
    }
  }
  return `${parts.join('\n\n')}\n`
}
