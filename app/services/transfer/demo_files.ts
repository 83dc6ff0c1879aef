import { randomBytes } from 'node:crypto'
import { Readable } from 'node:stream'
import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { Upload } from '@tus/utils'
import { stringify } from 'csv-stringify/sync'
import sharp from 'sharp'
import PublicUpload from '#models/transfer/public_upload'
import User from '#models/transfer/user'
import { HashingUploadStore } from '#services/transfer/hashing_upload_store'
import { generatePassword } from '#services/transfer/password_generator'
import { PublicUploadIntake } from '#services/transfer/public_upload_intake'
import { StaffShares } from '#services/transfer/staff_shares'
import { UploadContentHash } from '#services/transfer/upload_content_hash'
import { uploadOwnership } from '#services/transfer/upload_ownership'
import { UploadStorage } from '#services/transfer/upload_storage'

/** A small real file as a visitor would send it, with who sent it. */
export type DemoFile = {
  fileName: string
  mimeType: string
  bytes: Buffer
  uploaderName: string
  uploaderEmail: string
  message: string
}

export type DemoFilesSummary = {
  uploads: { id: string; fileName: string; size: number; sha256: string | null }[]
  shares: { url: string; fileName: string; password: string | null; expiresAt: string | null }[]
}

/** A one-page PDF with a few lines of Helvetica; the cross-reference offsets are counted. */
export function callSheetPdf(lines: string[]) {
  const text = lines
    .map((line, index) => {
      // Helvetica in a PDF string speaks Latin-1: anything else becomes '?'.
      const latin1 = line.replace(/[^\u0020-\u00ff]/g, '?').replace(/([\\()])/g, '\\$1')
      return `BT /F1 ${index === 0 ? 18 : 11} Tf 56 ${780 - index * 22} Td (${latin1}) Tj ET`
    })
    .join('\n')
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ]
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'))
    body += `${index + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = Buffer.byteLength(body, 'latin1')
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(body, 'latin1')
}

/** One second of a 1 kHz line-up tone: 8 kHz, 8-bit mono PCM in a WAV container. */
export function lineUpToneWav(seconds = 1, rate = 8000) {
  const samples = seconds * rate
  const wav = Buffer.alloc(44 + samples)
  wav.write('RIFF', 0, 'ascii')
  wav.writeUInt32LE(36 + samples, 4)
  wav.write('WAVEfmt ', 8, 'ascii')
  wav.writeUInt32LE(16, 16)
  wav.writeUInt16LE(1, 20)
  wav.writeUInt16LE(1, 22)
  wav.writeUInt32LE(rate, 24)
  wav.writeUInt32LE(rate, 28)
  wav.writeUInt16LE(1, 32)
  wav.writeUInt16LE(8, 34)
  wav.write('data', 36, 'ascii')
  wav.writeUInt32LE(samples, 40)
  for (let index = 0; index < samples; index++) {
    wav[44 + index] = Math.round(128 + 100 * Math.sin((2 * Math.PI * 1000 * index) / rate))
  }
  return wav
}

/** A recce photo stand-in: hills under an evening sky, drawn as SVG and encoded as JPEG. */
async function reccePhoto() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="540">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#1e3a8a"/><stop offset="1" stop-color="#f59e0b"/>
    </linearGradient></defs>
    <rect width="960" height="540" fill="url(#sky)"/>
    <path d="M0 380 L180 250 L330 340 L520 200 L700 330 L960 240 L960 540 L0 540 Z" fill="#334155"/>
    <path d="M0 450 L240 360 L480 430 L760 350 L960 420 L960 540 L0 540 Z" fill="#14532d"/>
  </svg>`
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer()
}

/** The demo's files: what a production company's crew send in a normal week. */
export async function demoFiles(): Promise<DemoFile[]> {
  return [
    {
      fileName: 'Night Shift – call sheet day 1.pdf',
      mimeType: 'application/pdf',
      bytes: callSheetPdf([
        'NIGHT SHIFT (TV pilot) - Call sheet, day 1',
        'Unit call 17:00 - Ancoats mill, Redhill Street, Manchester M4 5BA',
        'Unit base: mill car park. Catering from 16:30.',
        'Sc. 4, 7, 7A - EXT. Canal towpath - NIGHT',
        "Director: Siobhán O'Sullivan   DoP: Zoë Ångström   1st AD: Jonas Müller",
        'Nearest A&E: Manchester Royal Infirmary, Oxford Road M13 9WL',
      ]),
      uploaderName: 'Amara Okafor',
      uploaderEmail: 'amara.okafor@example.com',
      message: 'Call sheet for day 1. The password goes to the crew by text.',
    },
    {
      fileName: 'Stanage Edge recce.jpg',
      mimeType: 'image/jpeg',
      bytes: await reccePhoto(),
      uploaderName: 'Oliver Grant',
      uploaderEmail: 'oliver.grant@example.com',
      message: 'Recce from Tuesday evening: the light goes at about 16:10.',
    },
    {
      fileName: 'Aurora Winter Spot – crew list.csv',
      mimeType: 'text/csv',
      bytes: Buffer.from(
        stringify([
          ['Name', 'Role', 'Phone', 'Dietary'],
          ['Zoë Ångström', 'Director of Photography', '+44 7700 900101', ''],
          ['Łukasz Nowak', 'Gaffer', '+44 7700 900102', 'Vegetarian'],
          ['Hannah Becker', 'Make-up', '+44 7700 900128', ''],
          ['Emma Clarke', 'Runner', '+44 7700 900135', ''],
        ])
      ),
      uploaderName: 'Priya Raman',
      uploaderEmail: 'priya.raman@example.com',
      message: 'Crew list for the Winter Spot, for the caterers.',
    },
    {
      fileName: 'Fjord Outdoor – treatment notes.txt',
      mimeType: 'text/plain',
      bytes: Buffer.from(
        [
          'FJORD OUTDOOR – BRAND DOCUMENTARY',
          'Treatment notes, second draft',
          '',
          'Three walkers, one ridge, first light to last. We stay wide and patient;',
          'the kit is never the hero, the weather is. Natural sound throughout,',
          'no score until the final descent.',
          '',
          '— Siobhán',
          '',
        ].join('\n')
      ),
      uploaderName: "Siobhán O'Sullivan",
      uploaderEmail: 'siobhan.o.sullivan@example.com',
      message: 'Second draft of the treatment, before Thursday’s call.',
    },
    {
      fileName: 'Union Chapel room tone.wav',
      mimeType: 'audio/wav',
      bytes: lineUpToneWav(),
      uploaderName: 'Ingrid Solberg',
      uploaderEmail: 'ingrid.solberg@example.com',
      message: 'Line-up tone from the chapel desk, for the edit.',
    },
  ]
}

/**
 * A few uploads and shares for transfer's demo. Each file goes the way a
 * visitor's upload goes: a row opened as at the tus creation request, the
 * bytes written through the disk's tus store with their SHA-256 computed on
 * the way in, and the upload finished (expiry set, staff alerted). One
 * share has a generated password, one is open.
 */
@inject()
export class DemoFiles {
  constructor(protected storage: UploadStorage) {}

  /** Uploads in the database, finished or not: the demo refuses to mix in unless forced. */
  async uploadCount() {
    const row = await db.from('public_uploads').count('* as total').first()
    return Number(row?.total ?? 0)
  }

  async create(baseUrl: string, log: (line: string) => void = () => {}): Promise<DemoFilesSummary> {
    const intake = new PublicUploadIntake(this.storage)
    const store = new HashingUploadStore(
      this.storage.datastore(),
      new UploadContentHash(this.storage)
    )
    const uploads: PublicUpload[] = []
    for (const file of await demoFiles()) {
      log(`upload: ${file.fileName} (${file.bytes.length} bytes) from ${file.uploaderName}`)
      // Ours, like every tus id; no session owns the upload, so nobody can resume it.
      const storageKey = randomBytes(16).toString('hex')
      await intake.open(storageKey, file.bytes.length, {
        fileName: file.fileName,
        mimeType: file.mimeType,
        uploaderName: file.uploaderName,
        uploaderEmail: file.uploaderEmail,
        message: file.message,
        ownerKeyHash: uploadOwnership.hash(randomBytes(32).toString('base64url')),
        uploadedByUserId: null,
      })
      await store.create(
        new Upload({
          id: storageKey,
          size: file.bytes.length,
          offset: 0,
          metadata: { filename: file.fileName, filetype: file.mimeType },
        })
      )
      await store.write(Readable.from([file.bytes]), storageKey, 0)
      await intake.finish(storageKey)
      uploads.push(await PublicUpload.findByOrFail('storageKey', storageKey))
    }

    const creator = await User.query().where('role', 'admin').orderBy('created_at').first()
    const shares = new StaffShares()
    const created = [
      await shares.create(
        uploads[0].id,
        {
          password: generatePassword(),
          expiresInDays: 14,
          title: 'Night Shift call sheet',
          message: 'Day 1 call sheet. Ask Amara for the password if it did not reach you.',
        },
        creator?.id ?? null,
        baseUrl
      ),
      await shares.create(
        uploads[1].id,
        { expiresInDays: 7, maxDownloads: 10, title: 'Stanage Edge recce' },
        creator?.id ?? null,
        baseUrl
      ),
    ]
    log(`shares: ${created.length}`)
    return {
      uploads: uploads.map((upload) => ({
        id: upload.id,
        fileName: upload.fileName,
        size: upload.size,
        sha256: upload.contentSha256,
      })),
      shares: created.map((share) => {
        const view = shares.view(share, baseUrl)
        return {
          url: view.url,
          fileName: view.fileName,
          password: view.password,
          expiresAt: view.expiresAt,
        }
      }),
    }
  }
}
