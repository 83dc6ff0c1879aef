import { execFile } from 'node:child_process'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { ApiRequest } from '@japa/api-client'
import ExcelJS from 'exceljs'
import yauzl from 'yauzl'

const run = promisify(execFile)

/** Where the exports' test artefacts go (rendered pages), under the ignored tmp/. */
export const EXPORT_ARTEFACTS = join(import.meta.dirname, '..', '..', 'tmp', 'exports')

/*
 * The binary downloads arrive as Buffers (superagent would otherwise drop
 * a body it does not know how to parse).
 */
for (const type of [
  'application/pdf',
  'application/zip',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
]) {
  ApiRequest.addParser(type, (response, callback) => {
    const chunks: Buffer[] = []
    response.on('data', (chunk: Buffer) => chunks.push(chunk))
    response.on('end', () => callback(null, Buffer.concat(chunks)))
  })
}

async function saved(pdf: Buffer, name: string) {
  await mkdir(EXPORT_ARTEFACTS, { recursive: true })
  const file = join(EXPORT_ARTEFACTS, `${name}.pdf`)
  await writeFile(file, pdf)
  return file
}

/** The text of every page (poppler's pdftotext), pages split on form feeds. */
export async function pdfPages(pdf: Buffer, name: string) {
  const file = await saved(pdf, name)
  const { stdout } = await run('pdftotext', ['-layout', file, '-'])
  return stdout.split('\f').filter((page) => page.trim() !== '')
}

/** Renders page `page` to tmp/exports/<name>-<page>.png (pdftoppm) and answers its path. */
export async function renderPage(pdf: Buffer, name: string, page = 1) {
  const file = await saved(pdf, name)
  const prefix = join(EXPORT_ARTEFACTS, `${name}-${page}`)
  await run('pdftoppm', [
    '-png',
    '-r',
    '80',
    '-f',
    String(page),
    '-l',
    String(page),
    '-singlefile',
    file,
    prefix,
  ])
  return `${prefix}.png`
}

/** The entries of a zip (yauzl) by name, with their text. */
export function zipEntries(zip: Buffer) {
  return new Promise<Map<string, string>>((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, archive) => {
      if (error) return reject(error)
      const entries = new Map<string, string>()
      archive.on('entry', (entry: yauzl.Entry) => {
        archive.openReadStream(entry, (openError, stream) => {
          if (openError) return reject(openError)
          const chunks: Buffer[] = []
          stream.on('data', (chunk: Buffer) => chunks.push(chunk))
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks).toString('utf8'))
            archive.readEntry()
          })
        })
      })
      archive.on('end', () => resolve(entries))
      archive.on('error', reject)
      archive.readEntry()
    })
  })
}

/** The first sheet of an .xlsx, read back with exceljs. */
export async function xlsxSheet(xlsx: Buffer) {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(xlsx as unknown as ArrayBuffer)
  return workbook.worksheets[0]
}
