import { randomBytes, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { Webhook } from 'standardwebhooks'
import { readBody, type ReceivedRequest } from '#tests/fakes/_requests'

/**
 * Resend's email API on loopback, for `@adonisjs/mail`'s resend transport
 * (aimed here by its `baseUrl`; see tests/fakes/README.md): `POST /emails`
 * with `Authorization: Bearer <key>` and a JSON body, answered as Resend
 * answers (`{ id }`, or `{ statusCode, name, message }`). It also plays
 * Resend's side of the webhook: events (`email.delivered`, `email.bounced`,
 * `email.complained`, …) signed as Resend signs them, the Standard Webhooks
 * way under Svix's header names (`svix-id`, `svix-timestamp`,
 * `svix-signature`) with a `whsec_` secret. Imports no app code.
 */

export type FakeEmail = {
  id: string
  from: string
  to: string[]
  subject: string
  text: string | null
  html: string | null
}

/** A refusal for the next request: Resend's 429 (rate limit), a 5xx, or no answer at all. */
export type ResendFailure = 429 | 500 | 'hang'

export interface ResendFake {
  url: string
  apiKey: string
  /** The webhook's signing secret, as Resend shows it (`whsec_…`). */
  webhookSecret: string
  received: ReceivedRequest[]
  /** Emails accepted, in order. */
  emails: FakeEmail[]
  failNext(...failures: ResendFailure[]): void
  /**
   * Sends an event about an accepted email to the app's webhook `url`,
   * delivered to `deliverTo` (where the app under test listens). `signWith`
   * signs with another secret (a forgery), null sends it unsigned; `data`
   * adds to the event's data (a bounce's details).
   */
  sendEvent(
    emailId: string,
    type: string,
    options: {
      url: string
      deliverTo: string
      signWith?: string | null
      data?: Record<string, unknown>
      /** Seconds to move the signature's timestamp (into the past when negative). */
      timestampShift?: number
    }
  ): Promise<{ status: number; body: string }>
  /** The environment of an app process whose mail should go through this fake. */
  env: Record<string, string>
  reset(): void
  close(): Promise<void>
}

function addresses(value: unknown): string[] {
  if (typeof value === 'string') {
    return [value]
  }
  return Array.isArray(value) ? value.filter((entry) => typeof entry === 'string') : []
}

export async function startResendFake(): Promise<ResendFake> {
  const apiKey = `re_${randomBytes(12).toString('hex')}`
  const webhookSecret = `whsec_${randomBytes(24).toString('base64')}`
  const received: ReceivedRequest[] = []
  const emails: FakeEmail[] = []
  let failures: ResendFailure[] = []
  const sockets = new Set<Socket>()

  const refusal = (statusCode: number, name: string, message: string) => ({
    status: statusCode,
    body: { statusCode, name, message },
  })

  function answer(request: IncomingMessage, raw: string) {
    const authorization = request.headers.authorization
    if (!authorization?.startsWith('Bearer ')) {
      return refusal(401, 'missing_api_key', 'Missing API key in the authorization header')
    }
    if (authorization !== `Bearer ${apiKey}`) {
      return refusal(403, 'invalid_api_key', 'API key is invalid')
    }
    if (request.method !== 'POST' || request.url !== '/emails') {
      return refusal(404, 'not_found', 'The requested endpoint does not exist.')
    }
    let body: Record<string, unknown>
    try {
      body = JSON.parse(raw)
    } catch {
      return refusal(400, 'invalid_request', 'The request body is not valid JSON.')
    }
    for (const field of ['from', 'to', 'subject']) {
      if (!body[field] || (field === 'to' && addresses(body.to).length === 0)) {
        return refusal(422, 'validation_error', `Missing \`${field}\` field.`)
      }
    }
    if (!body.text && !body.html) {
      return refusal(422, 'validation_error', 'Missing `html` or `text` field.')
    }
    const email: FakeEmail = {
      id: randomUUID(),
      from: String(body.from),
      to: addresses(body.to),
      subject: String(body.subject),
      text: typeof body.text === 'string' ? body.text : null,
      html: typeof body.html === 'string' ? body.html : null,
    }
    emails.push(email)
    return { status: 200, body: { id: email.id } }
  }

  const server = createServer(async (request, response) => {
    const raw = await readBody(request)
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [name, String(value)])
    )
    received.push({ method: request.method!, path: request.url!, headers, body: raw })
    const failure = failures.shift()
    if (failure === 'hang') {
      return
    }
    const { status, body } =
      failure === 429
        ? refusal(
            429,
            'rate_limit_exceeded',
            'Too many requests. You can only make 2 requests per second.'
          )
        : failure
          ? refusal(failure, 'internal_server_error', 'An unexpected error occurred.')
          : answer(request, raw)
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const url = `http://127.0.0.1:${port}`

  return {
    url,
    apiKey,
    webhookSecret,
    received,
    emails,
    env: {
      MAIL_MAILER: 'resend',
      EMAIL_API_KEY: apiKey,
      EMAIL_API_URL: url,
      EMAIL_WEBHOOK_SECRET: webhookSecret,
    },
    failNext: (...next) => failures.push(...next),
    async sendEvent(emailId, type, options) {
      const email = emails.find((candidate) => candidate.id === emailId)
      if (!email) {
        throw new Error(`No email ${emailId} was sent through the fake`)
      }
      const payload = JSON.stringify({
        type,
        created_at: new Date().toISOString(),
        data: {
          email_id: email.id,
          from: email.from,
          to: email.to,
          subject: email.subject,
          created_at: new Date().toISOString(),
          ...options.data,
        },
      })
      const id = `msg_${randomBytes(12).toString('hex')}`
      const timestamp = new Date(Date.now() + (options.timestampShift ?? 0) * 1000)
      const signature =
        options.signWith === null
          ? null
          : new Webhook(options.signWith ?? webhookSecret).sign(id, timestamp, payload)
      const target = new URL(new URL(options.url).pathname, options.deliverTo)
      const response = await fetch(target, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Svix-Webhooks/1.0',
          ...(signature
            ? {
                'svix-id': id,
                'svix-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
                'svix-signature': signature,
              }
            : {}),
        },
        body: payload,
      })
      return { status: response.status, body: await response.text() }
    },
    reset() {
      received.length = 0
      emails.length = 0
      failures = []
    },
    close() {
      for (const socket of sockets) {
        socket.destroy()
      }
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
