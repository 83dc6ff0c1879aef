/**
 * The floor of an upload on this machine: the least a server can do with the
 * same client requests. Plain `node:http`, no framework, no database, no
 * session: tus' creation and PATCH answered by hand, each PATCH body streamed
 * through Node's SHA-256 into the file at its offset (1 MiB write batches, as
 * transfer's store). `bench/transfer/run.ts` starts it as its own process and
 * uploads to it with the same tus-js-client calls as to transfer.
 *
 *   node bench/transfer/bare_tus_server.ts <directory>   (prints its port)
 */
import { createHash, randomBytes, type Hash } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { createServer, type ServerResponse } from 'node:http'
import { join } from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'

const directory = process.argv[2]
const uploads = new Map<string, { length: number; offset: number; hash: Hash }>()

function answer(response: ServerResponse, status: number, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'Tus-Resumable': '1.0.0', ...headers }).end()
}

const server = createServer(async (request, response) => {
  const id = /^\/files\/([0-9a-f]+)$/.exec(request.url ?? '')?.[1]
  if (request.method === 'POST' && request.url === '/files') {
    const created = randomBytes(16).toString('hex')
    await writeFile(join(directory, created), '')
    const length = Number(request.headers['upload-length'])
    uploads.set(created, { length, offset: 0, hash: createHash('sha256') })
    return answer(response, 201, { Location: `/files/${created}` })
  }
  const upload = id ? uploads.get(id) : undefined
  if (!upload) {
    return answer(response, 404)
  }
  if (request.method === 'HEAD') {
    return answer(response, 200, {
      'Upload-Offset': String(upload.offset),
      'Upload-Length': String(upload.length),
    })
  }
  if (request.method === 'GET') {
    // The digest once complete, for the bench to check.
    return response.end(upload.offset === upload.length ? upload.hash.copy().digest('hex') : '')
  }
  if (request.method !== 'PATCH' || Number(request.headers['upload-offset']) !== upload.offset) {
    return answer(response, 409)
  }
  const file = createWriteStream(join(directory, id!), {
    flags: 'r+',
    start: upload.offset,
    highWaterMark: 1024 * 1024,
  })
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      upload.hash.update(chunk)
      done(null, chunk)
    },
  })
  await pipeline(request, hashing, file)
  upload.offset += file.bytesWritten
  answer(response, 204, { 'Upload-Offset': String(upload.offset) })
})

server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  console.log(typeof address === 'object' && address ? address.port : '')
})
