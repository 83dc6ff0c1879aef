import { inject } from '@adonisjs/core'
import rangeParser from 'range-parser'
import PublicUpload from '#models/transfer/public_upload'
import type { HttpResponse } from '@adonisjs/core/http'
import { DownloadGrants } from '#services/transfer/download_grants'
import { sendFileRange } from '#services/transfer/file_sender'
import type { ByteRange } from '#services/transfer/upload_storage'

/** What to answer for a file request, from its size and the request's Range / If-Range. */
export type DeliveryPlan =
  | { status: 200; range: null; length: number }
  | { status: 206; range: ByteRange; length: number }
  | { status: 416 }

export type FileValidators = { etag: string; lastModified: Date }

/**
 * Range handling per RFC 9110: one satisfiable byte range gives 206; a range
 * past the end gives 416; several ranges, a malformed header or an If-Range
 * that no longer matches give the whole file (a server may always ignore
 * Range). A resuming client (browser, `curl -C -`) sends one range.
 */
export function planDelivery(
  size: number,
  headers: { range?: string; ifRange?: string },
  validators: FileValidators
): DeliveryPlan {
  const whole = { status: 200, range: null, length: size } as const
  if (!headers.range || !ifRangeHolds(headers.ifRange, validators)) {
    return whole
  }
  const ranges = rangeParser(size, headers.range, { combine: true })
  if (ranges === -1) {
    return { status: 416 }
  }
  if (ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1) {
    return whole
  }
  const [range] = ranges
  return { status: 206, range, length: range.end - range.start + 1 }
}

/** If-Range holds when it names the current ETag or Last-Modified exactly (strong comparison). */
function ifRangeHolds(ifRange: string | undefined, validators: FileValidators) {
  if (!ifRange) {
    return true
  }
  if (ifRange.startsWith('"')) {
    return ifRange === validators.etag
  }
  const date = Date.parse(ifRange)
  return !Number.isNaN(date) && date === Math.floor(validators.lastModified.getTime() / 1000) * 1000
}

/**
 * A finished upload ready to stream from the disk that holds it, with the
 * validators a resuming client checks. Uploads are never rewritten once
 * complete, so id and size make a strong ETag.
 */
@inject()
export class FileDelivery {
  constructor(protected grants: DownloadGrants) {}

  async find(uploadId: string) {
    const upload = await PublicUpload.query()
      .where('id', uploadId)
      .where('status', 'complete')
      .first()
    if (!upload) {
      return null
    }
    const storage = this.grants.storageFor(upload)
    const size = await storage.size(upload.storageKey)
    if (size === null) {
      return null
    }
    const validators: FileValidators = {
      etag: `"${upload.id}-${size}"`,
      lastModified: (upload.completedAt ?? upload.updatedAt).toJSDate(),
    }
    return {
      upload,
      size,
      validators,
      /** Streams the whole file or `range` as the body of `response` (status and headers set). */
      send: async (range: ByteRange | null, response: HttpResponse) => {
        const path = storage.localPath(upload.storageKey)
        if (path) {
          return sendFileRange(response, path, range ?? { start: 0, end: size - 1 })
        }
        response.stream(await storage.read(upload.storageKey, range ?? undefined))
      },
    }
  }
}
