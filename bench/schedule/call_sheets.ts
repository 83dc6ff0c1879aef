/*
 * `npm run bench:schedule:call-sheets`: how long the call sheet PDF takes to
 * write, in this process (no server, no database: the sheets are built in
 * memory in the shape CallSheets.sheet() answers, so the figures are the
 * PDF's own cost; reading a day from the database is a handful of indexed
 * queries).
 *
 *   1. one day with 120 crew, 12 vendors, 8 contacts and 30 activities,
 *   2. a 20-day shoot's call sheets in one PDF (the same day 20 times over,
 *      with its date and day number changed).
 *
 * Each is written --runs times (default 5) to a stream that counts the
 * bytes; the table shows the median and the range, the pages and the size.
 */
import { Writable } from 'node:stream'
import { cpus } from 'node:os'
import { parseArgs } from 'node:util'
import { execFileSync } from 'node:child_process'
import { writeFileSync, mkdtempSync } from 'node:fs'
import { join } from 'node:path'
import { tmpdir } from 'node:os'
import { writeCallSheetsPdf } from '#services/schedule/production/call_sheet_document'
import type { CallSheet } from '#services/schedule/production/call_sheets'
import { CALL_SHEET_SECTIONS } from '#services/schedule/production/call_sheet_sections'
import { log } from '../harness.ts'

const { values: options } = parseArgs({
  options: { runs: { type: 'string', default: '5' } },
})
const RUNS = Number(options.runs)

const FIRST = ['Zoë', 'Åsa', 'Dmitri', 'Σοφία', 'Ngozi', 'José', 'Łukasz', 'Mia', 'Omar', 'Ines']
const LAST = ['Ångström', 'Berg', 'Шостакович', 'Παπαδοπούλου', 'Okafor', 'Núñez', 'Wójcik']
const ROLES = ['Gaffer', 'Best boy', 'Camera operator', '1st AC', 'Make-up', 'Runner', 'Sound']

function clock(minutes: number) {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
}

function daySheet(date: string, dayNumber: number, dayCount: number): CallSheet {
  const crew = Array.from({ length: 120 }, (_, index) => ({
    assignmentId: index + 1,
    name: `${FIRST[index % FIRST.length]} ${LAST[index % LAST.length]} ${index + 1}`,
    role: ROLES[index % ROLES.length],
    callTime: clock(360 + (index % 6) * 15),
    ownCall: index % 6 !== 0,
    phone: `+44 7700 9${String(index).padStart(5, '0')}`,
    email: `crew${index + 1}@example.com`,
  }))
  return {
    project: { id: 1, name: 'Ålesund Nights', client: 'Fjord Films', color: '#2563eb' },
    date,
    dayNumber,
    dayCount,
    title: 'Night exteriors',
    sections: [...CALL_SHEET_SECTIONS],
    company: {
      name: 'Nordlys Productions',
      address: '1 Fjord Road',
      phone: '+44 20 0000 0000',
      email: 'office@nordlys.example',
    },
    generalCall: '06:00',
    wrapTime: '22:00',
    locations: [
      {
        name: 'Studio Øst',
        address: '1 Canal Street, London',
        mapUrl: 'https://www.google.com/maps/search/?api=1&query=51.5074%2C-0.1278',
        lat: 51.5074,
        lng: -0.1278,
        use: 'Main location',
        sun: { sunrise: '04:43', sunset: '21:21', timezone: 'Europe/London' },
      },
    ],
    parking: 'NCP Canal Street, level 2',
    nearestHospital: 'St Thomas’ Hospital, Westminster Bridge Rd',
    weatherNote: 'Clear, 14 °C at midnight',
    emergencyInfo: 'Call 999, then the producer',
    safetyNotes: 'Working near water: life jackets on the quay',
    notes: ['Bring warm layers', 'Catering from 05:30 in the loading bay'],
    schedule: Array.from({ length: 30 }, (_, index) => ({
      id: index + 1,
      startTime: clock(360 + index * 30),
      endTime: index % 5 === 4 ? null : clock(360 + index * 30 + 45),
      name: `Scene ${index + 1}: ${index % 2 ? 'quay, wide' : 'interior, close-ups'}`,
      type: index % 3 ? 'Shoot' : 'Setup',
      color: '#dc2626',
      marker: index === 0 ? ('start' as const) : index === 29 ? ('end' as const) : null,
      location: 'Studio Øst',
      participants: crew.slice(index * 4, index * 4 + 6).map((person) => person.name),
      notes: null,
    })),
    crew,
    vendors: Array.from({ length: 12 }, (_, index) => ({
      assignmentId: index + 1,
      name: `Vendor ${index + 1}`,
      type: 'Equipment',
      contactName: 'Sam',
      phone: '+44 20 7946 0000',
      email: `hire${index}@vendor.example`,
    })),
    contacts: Array.from({ length: 8 }, (_, index) => ({
      id: index + 1,
      role: ['Producer', 'Medic', 'Location manager', 'Security'][index % 4],
      name: `Contact ${index + 1}`,
      phone: '+44 7700 900100',
      email: null,
    })),
  }
}

async function write(sheets: CallSheet[]) {
  let bytes = 0
  const chunks: Buffer[] = []
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length
      chunks.push(chunk)
      done()
    },
  })
  const started = performance.now()
  await writeCallSheetsPdf(sheets, out)
  return { ms: performance.now() - started, bytes, pdf: Buffer.concat(chunks) }
}

function pagesOf(pdf: Buffer) {
  const file = join(mkdtempSync(join(tmpdir(), 'bench-call-sheet-')), 'sheet.pdf')
  writeFileSync(file, pdf)
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' })
  return Number(/Pages:\s+(\d+)/.exec(info)![1])
}

const cases = [
  { label: 'one day: 120 crew, 30 activities', sheets: [daySheet('2026-06-21', 1, 1)] },
  {
    label: '20-day shoot, every day in one PDF',
    sheets: Array.from({ length: 20 }, (_, index) =>
      daySheet(`2026-06-${String(index + 1).padStart(2, '0')}`, index + 1, 20)
    ),
  },
]

log(`call sheet PDFs, ${RUNS} runs each, ${cpus().length} cores, Node ${process.version}`)
// One warm-up: the font is read and the code compiled once per process.
await write(cases[0].sheets)
console.log('| PDF | median | min–max | pages | size |')
console.log('|---|---|---|---|---|')
for (const { label, sheets } of cases) {
  const times: number[] = []
  let last = { ms: 0, bytes: 0, pdf: Buffer.alloc(0) }
  for (let run = 0; run < RUNS; run++) {
    last = await write(sheets)
    times.push(last.ms)
  }
  times.sort((a, b) => a - b)
  const median = times[Math.floor(times.length / 2)]
  console.log(
    `| ${label} | ${Math.round(median)} ms | ${Math.round(times[0])}–${Math.round(times.at(-1)!)} ms | ${pagesOf(last.pdf)} | ${Math.round(last.bytes / 1024)} KB |`
  )
}
