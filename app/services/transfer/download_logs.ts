import { Readable, pipeline } from 'node:stream'
import { stringify } from 'csv-stringify'
import { UAParser } from 'ua-parser-js'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import DownloadLog, { type DeviceType } from '#models/transfer/download_log'
import { serializer } from '#services/shared/serialize'
import { spreadsheetSafe } from '#services/shared/spreadsheet_safe'
import DownloadLogTransformer from '#transformers/transfer/download_log_transformer'

/** Who asked for a download: the network address the app trusts, the browser, the person. */
export type Downloader = { ip: string; userAgent: string | null; userId: string | null }

export type DownloadLogFilter = { shareId?: string; uploadId?: string }

/** Apple's name for its desktop system; ua-parser-js 1.x (the MIT line) still says "Mac OS". */
function systemName(name: string) {
  return name === 'Mac OS' ? 'macOS' : name
}

/** Browser, OS and device type from a User-Agent, with ua-parser-js 1.x (MIT, no network). */
export function describeClient(userAgent: string | null) {
  const { browser, os, device } = new UAParser(userAgent ?? '').getResult()
  const label = (part: { name?: string; version?: string }) =>
    part.name ? [part.name, part.version].filter(Boolean).join(' ') : null
  let deviceType: DeviceType
  if (device.type === 'mobile' || device.type === 'tablet') {
    deviceType = device.type
  } else if (device.type === undefined && os.name) {
    // ua-parser names no device type for desktops; a known OS without one is a desktop.
    deviceType = 'desktop'
  } else {
    deviceType = 'other'
  }
  return {
    browser: label(browser),
    os: label({ ...os, name: os.name && systemName(os.name) }),
    deviceType,
  }
}

/** A text cell of the export: empty for nothing, never a formula. */
function cellText(value: string | null) {
  return value ? spreadsheetSafe(value) : ''
}

const CSV_COLUMNS = [
  { key: 'downloadedAt', header: 'Downloaded at (UTC)' },
  { key: 'fileName', header: 'File' },
  { key: 'shareId', header: 'Share' },
  { key: 'uploadId', header: 'Upload' },
  { key: 'downloadedBy', header: 'Downloaded by (staff)' },
  { key: 'ip', header: 'IP address' },
  { key: 'browser', header: 'Browser' },
  { key: 'os', header: 'Operating system' },
  { key: 'deviceType', header: 'Device' },
  { key: 'userAgent', header: 'User agent' },
] as const

/** Rows read per query while exporting, so a long log never sits in memory at once. */
const EXPORT_BATCH = 500

/** A download_logs row joined with the staff member who downloaded, if any. */
export type DownloadLogRow = {
  id: string
  share_id: string | null
  upload_id: string | null
  file_name: string
  downloaded_by_user_id: string | null
  downloaded_by_email: string | null
  downloaded_by_name: string | null
  ip: string
  browser: string | null
  os: string | null
  device_type: DeviceType
  user_agent: string | null
  created_at: Date
  cursor_at: string
}

/** The download log (spec 2: download_logs, GET /api/download-logs and its CSV export). */
export class DownloadLogs {
  record(
    target: { shareId: string | null; uploadId: string; fileName: string },
    downloader: Downloader
  ) {
    return DownloadLog.create({
      ...target,
      downloadedByUserId: downloader.userId,
      ip: downloader.ip,
      userAgent: downloader.userAgent?.slice(0, 1000) ?? null,
      ...describeClient(downloader.userAgent),
    })
  }

  /** Newest first, 50 a page unless asked otherwise (GET /api/download-logs). */
  async list(filter: DownloadLogFilter, page = 1, perPage = 50) {
    const total = await this.count(filter)
    const rows: DownloadLogRow[] = await this.query(filter)
      .offset((page - 1) * perPage)
      .limit(perPage)
    return serializer.serialize({
      data: DownloadLogTransformer.transform(rows),
      meta: {
        total,
        page,
        perPage,
        lastPage: Math.max(1, Math.ceil(total / perPage)),
      },
    })
  }

  /** How many downloads the filter matches. */
  async count(filter: DownloadLogFilter) {
    const [{ total }] = await this.filtered(filter).count('* as total')
    return Number(total)
  }

  /**
   * The whole (filtered) log as CSV, read in batches newest first and streamed
   * out. `onRow` hears of each row as it is written (a terminal's progress).
   */
  exportCsv(filter: DownloadLogFilter, onRow?: () => void) {
    const rows = async function* (this: DownloadLogs) {
      let cursor: { at: string; id: string } | null = null
      while (true) {
        const query = this.query(filter).limit(EXPORT_BATCH)
        if (cursor) {
          // Compared as timestamptz text: a JS Date would drop PostgreSQL's microseconds.
          query.whereRaw('(download_logs.created_at, download_logs.id) < (?::timestamptz, ?)', [
            cursor.at,
            cursor.id,
          ])
        }
        const batch: DownloadLogRow[] = await query
        for (const row of batch) {
          const view = new DownloadLogTransformer(row).toObject()
          onRow?.()
          yield {
            ...view,
            downloadedBy: view.downloadedBy?.email ?? '',
          }
        }
        if (batch.length < EXPORT_BATCH) {
          return
        }
        const last = batch[batch.length - 1]
        cursor = { at: last.cursor_at, id: last.id }
      }
    }
    /*
     * pipeline, not pipe: a query failing halfway destroys the CSV stream
     * (the download is cut short and logged) instead of being an 'error'
     * event nobody listens to, which would end the process.
     */
    return pipeline(
      Readable.from(rows.call(this)),
      stringify({
        header: true,
        columns: CSV_COLUMNS.map(({ key, header }) => ({ key, header })),
        cast: { string: (value) => cellText(value) },
      }),
      (error) => {
        if (error && error.code !== 'ERR_STREAM_PREMATURE_CLOSE') {
          logger.error({ err: error }, 'The download log export failed while it was being written')
        }
      }
    )
  }

  protected filtered(filter: DownloadLogFilter) {
    const query = db.from('download_logs')
    if (filter.shareId) {
      query.where('download_logs.share_id', filter.shareId)
    }
    if (filter.uploadId) {
      query.where('download_logs.upload_id', filter.uploadId)
    }
    return query
  }

  protected query(filter: DownloadLogFilter) {
    return this.filtered(filter)
      .leftJoin('users', 'users.id', 'download_logs.downloaded_by_user_id')
      .select(
        'download_logs.*',
        'users.email as downloaded_by_email',
        'users.display_name as downloaded_by_name',
        db.raw('download_logs.created_at::text as cursor_at')
      )
      .orderBy('download_logs.created_at', 'desc')
      .orderBy('download_logs.id', 'desc')
  }
}
