import { readFile, readdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type S3rver from 's3rver'

/** The parts of s3rver's (Koa) internals this extension reaches into. */
type S3rverInternals = {
  middleware: ((ctx: KoaContext, next: () => Promise<void>) => Promise<void>)[]
  store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string }
}

type KoaContext = {
  method: string
  path: string
  query: Record<string, string | undefined>
  status: number
  type: string
  body: unknown
}

/**
 * s3rver implements multipart uploads except ListParts and
 * AbortMultipartUpload, which tus' S3 store needs (to find an upload's offset
 * and to cancel it). This adds both, over s3rver's own part files, so the
 * s3 disk is tested against a real S3 wire protocol end to end.
 */
export function withMultipartListing(server: S3rver) {
  const internals = server as unknown as S3rverInternals
  internals.middleware.unshift(async (ctx, next) => {
    const uploadId = ctx.query.uploadId
    const match = ctx.path.match(/^\/([^/]+)\/(.+)$/)
    if (!uploadId || !match || !/^[0-9a-f]+$/.test(uploadId)) {
      return next()
    }
    const [, bucket, key] = match
    const directory = join(internals.store.getResourcePath(bucket, undefined, 'uploads'), uploadId)
    if (ctx.method === 'DELETE') {
      await rm(directory, { recursive: true, force: true })
      ctx.status = 204
      return
    }
    if (ctx.method !== 'GET') {
      return next()
    }
    let names: string[]
    try {
      names = await readdir(directory)
    } catch {
      ctx.status = 404
      ctx.type = 'application/xml'
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>`
      return
    }
    const numbers = names
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .sort((a, b) => a - b)
    // s3rver writes a part's checksum once the part is whole; a part cut off
    // mid-request (the client died) has none, and S3 would not list it.
    const parts = await Promise.all(
      numbers
        .filter((number) => names.includes(`${number}.md5`))
        .map(async (number) => {
          const path = join(directory, String(number))
          const [info, md5] = await Promise.all([stat(path), readFile(`${path}.md5`, 'utf8')])
          return (
            `<Part><PartNumber>${number}</PartNumber>` +
            `<LastModified>${info.mtime.toISOString()}</LastModified>` +
            `<ETag>"${md5}"</ETag><Size>${info.size}</Size></Part>`
          )
        })
    )
    ctx.type = 'application/xml'
    ctx.body =
      `<?xml version="1.0" encoding="UTF-8"?>\n<ListPartsResult>` +
      `<Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${uploadId}</UploadId>` +
      `<PartNumberMarker>0</PartNumberMarker><NextPartNumberMarker>${numbers.at(-1) ?? 0}</NextPartNumberMarker>` +
      `<MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`
  })
}
