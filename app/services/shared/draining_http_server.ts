import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type ServerOptions,
  type ServerResponse,
} from 'node:http'

/** The balancers' readiness probe (GET /readyz, see HealthController). */
const READINESS_PATH = '/readyz'
/** Probes further apart than this are not a balancer's regular checks. */
const LONGEST_PROBE_INTERVAL_MS = 30_000

/**
 * An HTTP server that stops the way a web instance behind a load balancer
 * should (SIGTERM from `systemctl stop` or a deploy). `drain()`:
 *
 * 1. From now on every answer closes its connection, so a proxy holding a
 *    kept-alive connection opens a new one for its next request, and the
 *    readiness probe answers 503 `draining`.
 * 2. When a balancer checks GET /readyz regularly (Caddy every 2 s), the
 *    server keeps listening until its next check has been answered 503 (or
 *    twice the checks' interval has passed): the balancer then sends nothing
 *    more here. (Caddy 2.6 cannot resend a request body to
 *    another instance when an instance refuses the connection: a POST or an
 *    upload's PATCH it tried here would fail with 502.)
 * 3. It stops listening, lets the requests in flight finish (an upload's
 *    PATCH, a download) and resolves once the last connection has ended;
 *    only then may the app close its database, queues and stores.
 *
 * Node's own server.close() alone keeps serving new requests on kept-alive
 * connections that were busy when it was called, until they time out: those
 * requests found the database already closed and answered 500.
 */
export function createDrainingServer(options: ServerOptions, handler: RequestListener) {
  const unanswered = new Set<ServerResponse>()
  let draining = false
  const probes = { previous: -Infinity, last: -Infinity }
  let balancerInformed = () => {}

  const server = createServer(options, (request: IncomingMessage, response: ServerResponse) => {
    const probe = request.method === 'GET' && request.url?.split('?')[0] === READINESS_PATH
    if (probe) {
      probes.previous = probes.last
      probes.last = performance.now()
    }
    if (draining) {
      response.setHeader('Connection', 'close')
      // A connection that has just gone idle is closed, not kept for a next request.
      response.once('finish', () => setImmediate(() => server.closeIdleConnections()))
      if (probe) {
        response.once('finish', () => balancerInformed())
        response.writeHead(503, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' })
        response.end(JSON.stringify({ status: 'draining', checks: {} }))
        return
      }
    } else {
      unanswered.add(response)
      response.once('close', () => unanswered.delete(response))
    }
    handler(request, response)
  })

  async function drain() {
    draining = true
    for (const response of unanswered) {
      if (!response.headersSent) {
        response.setHeader('Connection', 'close')
      }
      response.once('finish', () => setImmediate(() => server.closeIdleConnections()))
    }
    server.closeIdleConnections()
    const interval = probes.last - probes.previous
    const watched =
      interval <= LONGEST_PROBE_INTERVAL_MS && performance.now() - probes.last < 2 * interval
    if (watched) {
      await new Promise<void>((resolve) => {
        const giveUp = setTimeout(resolve, 2 * interval)
        balancerInformed = () => {
          clearTimeout(giveUp)
          resolve()
        }
      })
    }
    await new Promise<void>((resolve) => {
      server.close(() => resolve())
      server.closeIdleConnections()
    })
  }

  return { server, drain }
}
