import type { IncomingHttpHeaders } from 'node:http'
import { request, type Agent } from 'node:https'
import { tusMetadata } from '#tests/helpers/tus_visitor'

export type HttpsAnswer = { status: number; headers: IncomingHttpHeaders; body: Buffer }

/**
 * One client of the rehearsal's sites over HTTPS (through Caddy, trusting its
 * internal CA by the agent), keeping its cookies as a browser does. A body
 * may be a stream the test feeds slowly, to hold a request in flight.
 */
export class HttpsVisitor {
  #cookies = new Map<string, string>()

  constructor(
    readonly origin: string,
    readonly agent: Agent
  ) {}

  request(
    method: string,
    path: string,
    {
      headers = {},
      body,
    }: { headers?: Record<string, string>; body?: Buffer | AsyncIterable<Buffer> } = {}
  ) {
    return new Promise<HttpsAnswer>((resolve, reject) => {
      const cookie = [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ')
      const outgoing = request(new URL(path, this.origin), {
        method,
        agent: this.agent,
        headers: { ...(cookie && { cookie }), ...headers },
      })
      let answered = false
      outgoing.once('error', reject)
      outgoing.once('response', (response) => {
        answered = true
        for (const line of response.headers['set-cookie'] ?? []) {
          const [pair] = line.split(';')
          const index = pair.indexOf('=')
          this.#cookies.set(pair.slice(0, index), pair.slice(index + 1))
        }
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.once('error', reject)
        response.once('end', () =>
          resolve({
            status: response.statusCode!,
            headers: response.headers,
            body: Buffer.concat(chunks),
          })
        )
      })
      if (!body || Buffer.isBuffer(body)) {
        outgoing.end(body)
        return
      }
      ;(async () => {
        for await (const chunk of body) {
          // An answer before the whole body (the instance died: Caddy's 502) ends the sending.
          if (answered || outgoing.destroyed) {
            return
          }
          if (!outgoing.write(chunk)) {
            await new Promise((drained) => outgoing.once('drain', drained))
          }
        }
        outgoing.end()
      })().catch(reject)
    })
  }

  /** tus creation of a public upload; its path is the answer's `location`. */
  async createUpload(size: number, metadata: Record<string, string>) {
    const answer = await this.request('POST', '/api/public-uploads', {
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': String(size),
        'upload-metadata': tusMetadata(metadata),
      },
    })
    if (answer.status !== 201) {
      throw new Error(`creation answered ${answer.status}: ${answer.body}`)
    }
    return answer.headers.location!
  }

  patch(location: string, offset: number, body: Buffer | AsyncIterable<Buffer>, length: number) {
    return this.request('PATCH', location, {
      headers: {
        'tus-resumable': '1.0.0',
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(length),
      },
      body,
    })
  }

  /** The offset the server holds for the upload (tus HEAD). */
  async offset(location: string) {
    const answer = await this.request('HEAD', location, { headers: { 'tus-resumable': '1.0.0' } })
    if (answer.status !== 200) {
      throw new Error(`HEAD answered ${answer.status}`)
    }
    return Number(answer.headers['upload-offset'])
  }
}
