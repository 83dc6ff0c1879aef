import { ServerResponse } from 'node:http'
import { open } from 'node:fs/promises'
import type { HttpResponse } from '@adonisjs/core/http'
import type { ByteRange } from '#services/transfer/upload_storage'

/** How much one read takes from the disk and one write gives the socket. */
const CHUNK_BYTES = 1024 * 1024

/** Free buffers kept for the next reads: enough for a few downloads at once. */
const POOL_SIZE = 16

/*
 * A file stream allocates a new buffer for every read. Those buffers live
 * outside V8's heap, and every few tens of MB of them make V8 collect the
 * whole heap of the app (issue 21: a third of a download's CPU was garbage
 * collection). These buffers go back to a pool once the socket has taken
 * their bytes, so a download of any size allocates almost nothing.
 */
const pool: Buffer[] = []

function takeBuffer() {
  return pool.pop() ?? Buffer.allocUnsafeSlow(CHUNK_BYTES)
}

function giveBack(buffer: Buffer) {
  if (pool.length < POOL_SIZE) {
    pool.push(buffer)
  }
}

/*
 * The compression middleware replaces `res.write` with a version that drops
 * the callback, which says when the socket is done with a buffer. These
 * responses carry `no-transform`, so it never compresses them and its
 * version would only pass the bytes on: Node's own write is called instead.
 */
const writeToSocket = ServerResponse.prototype.write as (
  this: ServerResponse,
  chunk: Buffer,
  callback: (error?: Error | null) => void
) => boolean

/** Resolves when the response can take more, or when it is gone (client left). */
function roomOrGone(res: ServerResponse) {
  return new Promise<void>((resolve) => {
    const done = () => {
      res.off('drain', done)
      res.off('close', done)
      resolve()
    }
    res.on('drain', done)
    res.on('close', done)
  })
}

/**
 * Sends `range` of the file at `path` as the body of `response`, whose status
 * and headers are already set (Content-Length among them). The next chunk is
 * read while the socket sends the last one. A client that goes away stops the
 * reading; a file that fails to read mid-way cuts the response short, so the
 * client sees an incomplete body rather than a wrong one.
 */
export async function sendFileRange(response: HttpResponse, path: string, range: ByteRange) {
  const file = await open(path, 'r')
  const res = response.response
  try {
    response.relayHeaders()
    res.writeHead(res.statusCode)
    if (res.getHeader('content-encoding')) {
      throw new Error('A file response must not be compressed (Cache-Control: no-transform)')
    }
    const end = range.end + 1
    let position = range.start

    const readNext = async () => {
      const length = Math.min(CHUNK_BYTES, end - position)
      const buffer = takeBuffer()
      const start = position
      position += length
      const { bytesRead } = await file.read(buffer, 0, length, start)
      if (bytesRead !== length) {
        giveBack(buffer)
        throw new Error(`The file ended ${end - start - bytesRead} bytes early`)
      }
      return { buffer, length }
    }

    // The read under way while the socket sends; never left to reject unheard.
    const startRead = () => {
      const read = readNext()
      read.catch(() => {})
      return read
    }
    let next = position < end ? startRead() : null
    while (next) {
      const { buffer, length } = await next
      next = position < end && !res.destroyed ? startRead() : null
      const chunk = length === CHUNK_BYTES ? buffer : buffer.subarray(0, length)
      const hasRoom = writeToSocket.call(res, chunk, () => giveBack(buffer))
      if (!hasRoom && !res.destroyed) {
        await roomOrGone(res)
      }
      if (res.destroyed) {
        break
      }
    }
    // A read started before the client left still holds a pool buffer.
    await next?.then(({ buffer }) => giveBack(buffer)).catch(() => {})
    if (!res.destroyed) {
      res.end()
    }
  } catch (error) {
    if (!res.headersSent) {
      throw error
    }
    res.destroy(error as Error)
  } finally {
    await file.close()
  }
}
