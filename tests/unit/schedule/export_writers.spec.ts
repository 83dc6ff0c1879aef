import { PassThrough } from 'node:stream'
import { test } from '@japa/runner'
import { parse } from 'csv-parse/sync'
import { ExportAbortedError, writeCsv, writeXlsx } from '#services/schedule/exports/export_writers'
import type { ExportTable } from '#services/schedule/exports/export_tables'
import { toMarkdown } from '#services/schedule/exports/markdown_writer'
import { fileStem } from '#services/schedule/exports/printed_document'
import { dayRanges } from '#services/schedule/exports/item_documents'
import { spreadsheetSafe } from '#services/shared/spreadsheet_safe'

/** A table of fixed rows, handed over in batches of two. */
function table(rows: Record<string, string | number | null>[]): ExportTable {
  return {
    kind: 'crew',
    title: 'Crew',
    columns: [
      { key: 'name', header: 'Name', type: 'text', width: 20 },
      { key: 'lng', header: 'Longitude', type: 'number', width: 10 },
    ],
    count: async () => rows.length,
    async *rows() {
      for (let start = 0; start < rows.length; start += 2) {
        yield rows.slice(start, start + 2)
      }
    },
    async *documents() {},
  }
}

test.group('schedule export writers', () => {
  test('every formula opener is neutralised; other text is left alone', ({ assert }) => {
    for (const cell of ['=1+1', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1']) {
      assert.equal(spreadsheetSafe(cell), `'${cell}`)
    }
    for (const cell of ['Zoë', '1-2', 'a=b', '']) {
      assert.equal(spreadsheetSafe(cell), cell)
    }
  })

  test('CSV: numbers stay numbers (a negative longitude is no formula), progress per batch', async ({
    assert,
  }) => {
    const out = new PassThrough()
    const chunks: Buffer[] = []
    out.on('data', (chunk: Buffer) => chunks.push(chunk))
    const progress: number[] = []
    await writeCsv(
      table([
        { name: 'Łukasz', lng: -3.5 },
        { name: '-cmd', lng: null },
        { name: 'Nguyễn', lng: 2 },
      ]),
      out,
      (written) => progress.push(written)
    )
    const text = Buffer.concat(chunks).toString('utf8')
    assert.deepEqual(parse(text, { bom: true }), [
      ['Name', 'Longitude'],
      ['Łukasz', '-3.5'],
      ["'-cmd", ''],
      ['Nguyễn', '2'],
    ])
    assert.deepEqual(progress, [2, 3])
  })

  test('a download that goes away stops the reading of rows (CSV and XLSX)', async ({ assert }) => {
    for (const write of [writeCsv, writeXlsx]) {
      const out = new PassThrough()
      out.resume()
      let batchesRead = 0
      let closed = false
      const source: ExportTable = {
        ...table([]),
        async *rows() {
          try {
            for (let batch = 0; batch < 100; batch += 1) {
              // The reader goes away while the third batch is being read.
              if (batch === 2) out.destroy()
              batchesRead += 1
              yield [{ name: `Row ${batch}`, lng: batch }]
            }
          } finally {
            closed = true
          }
        },
      }
      await assert.rejects(() => write(source, out), ExportAbortedError)
      assert.equal(batchesRead, 3)
      assert.isTrue(closed, 'the rows were let go')
    }
  })

  test('Markdown escapes what would break a table or start markup', ({ assert }) => {
    const markdown = toMarkdown({
      kind: 'Project',
      title: 'A | B *bold*',
      fileStem: 'x',
      facts: [
        ['Client', 'Ærø'],
        ['Empty', null],
      ],
      sections: [
        {
          heading: 'Roster',
          table: {
            columns: [{ header: 'Name', weight: 1 }],
            rows: [['line one\nline two | pipe']],
            empty: 'Nobody',
          },
        },
        { heading: 'Tasks', list: [], empty: 'No tasks.' },
      ],
    })
    assert.include(markdown, '# A \\| B \\*bold\\*')
    assert.include(markdown, '- **Client:** Ærø')
    assert.notInclude(markdown, 'Empty')
    assert.include(markdown, '| line one<br>line two \\| pipe |')
    assert.include(markdown, '_No tasks._')
  })

  test('file names keep letters of any script; days read as ranges', ({ assert }) => {
    assert.equal(fileStem('Fête / de: la "Musique"', 7), 'Fête-de-la-Musique-7')
    assert.equal(fileStem('***'), 'item')
    assert.equal(
      dayRanges(['2030-04-03', '2030-04-01', '2030-04-02', '2030-04-05']),
      '1 Apr 2030 – 3 Apr 2030, 5 Apr 2030'
    )
  })
})
