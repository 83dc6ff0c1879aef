import { createServer } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { Webhook, WebhookVerificationError } from 'standardwebhooks'
import { readBody, type ReceivedRequest } from '#tests/fakes/_requests'

/**
 * A taskboard's incoming webhook on loopback, as a receiver built on
 * Standard Webhooks checks it: POST with a JSON body and the `webhook-id`,
 * `webhook-timestamp` and `webhook-signature` headers, the signature
 * verified with the `whsec_` secret (and the timestamp within five minutes)
 * by the `standardwebhooks` library a real receiver would use. A request
 * that fails the check is refused with 401 and is not a card. See
 * tests/fakes/README.md.
 */

export type TaskboardDelivery = {
  id: string
  type: string
  timestamp: string
  data: Record<string, unknown>
}

/** A refusal for the next request: an HTTP status, or no answer at all until the sender gives up. */
export type TaskboardFailure = number | 'hang'

export interface TaskboardReceiver {
  url: string
  /** Every request in order, refused ones included. */
  received: ReceivedRequest[]
  /** The deliveries whose signature checked out, in order. */
  deliveries: TaskboardDelivery[]
  /** The secret the app showed when its URL was saved: from then on signatures are checked with it. */
  useSecret(secret: string): void
  failNext(...failures: TaskboardFailure[]): void
  reset(): void
  close(): Promise<void>
}

export async function startTaskboardReceiver(path = '/hooks/cards'): Promise<TaskboardReceiver> {
  const received: ReceivedRequest[] = []
  const deliveries: TaskboardDelivery[] = []
  let failures: TaskboardFailure[] = []
  let webhook: Webhook | null = null
  const sockets = new Set<Socket>()

  const server = createServer(async (request, response) => {
    const body = await readBody(request)
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [name, String(value)])
    )
    received.push({ method: request.method!, path: request.url!, headers, body })
    const failure = failures.shift()
    if (failure === 'hang') {
      return
    }
    if (request.method !== 'POST' || request.url !== path) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found')
      return
    }
    if (failure !== undefined) {
      response.writeHead(failure, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ error: 'Temporarily unavailable' }))
      return
    }
    if (!headers['content-type']?.startsWith('application/json') || !webhook) {
      response.writeHead(400, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ error: 'Expected a signed JSON body' }))
      return
    }
    let payload: Omit<TaskboardDelivery, 'id'>
    try {
      payload = webhook.verify(body, headers) as Omit<TaskboardDelivery, 'id'>
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) {
        throw error
      }
      response.writeHead(401, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ error: error.message }))
      return
    }
    deliveries.push({ id: headers['webhook-id'], ...payload })
    response.writeHead(202, { 'content-type': 'application/json' })
    response.end(JSON.stringify({ accepted: true }))
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    deliveries,
    useSecret(secret) {
      webhook = new Webhook(secret)
    },
    failNext(...next) {
      failures.push(...next)
    },
    reset() {
      received.length = 0
      deliveries.length = 0
      failures = []
      webhook = null
    },
    close() {
      for (const socket of sockets) {
        socket.destroy()
      }
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}
