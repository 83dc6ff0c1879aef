import { createHmac, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { readBody } from '#tests/fakes/_requests'

/**
 * Twilio's Messages API on loopback, for the real `twilio` SDK (aimed here
 * by its RequestClient; see tests/fakes/README.md): `POST
 * /2010-04-01/Accounts/{AccountSid}/Messages.json` (and the reads of the
 * account, its numbers and the messaging service) with HTTP Basic auth of
 * the account SID and auth token, answered with Twilio's own JSON shapes
 * (a message resource, or `{ code, message, more_info, status }`). It also
 * plays Twilio's side of the webhooks: status callbacks and inbound texts,
 * signed as Twilio signs them (`X-Twilio-Signature`: base64 HMAC-SHA1 with
 * the auth token over the URL and the sorted form fields). Imports no app code.
 */

export type ReceivedRequest = {
  method: string
  path: string
  headers: Record<string, string>
  body: Record<string, string>
}

export type FakeMessage = {
  sid: string
  to: string
  from: string | null
  messagingServiceSid: string | null
  body: string
  statusCallback: string | null
  status: string
}

/** A refusal for the next request: Twilio's 429 (rate limit), a 5xx, or no answer at all. */
export type TwilioFailure = 429 | 500 | 503 | 'hang'

export interface TwilioFake {
  url: string
  accountSid: string
  authToken: string
  messagingServiceSid: string
  /** The account's one phone number (IncomingPhoneNumbers), a sender without a messaging service. */
  phoneNumber: string
  received: ReceivedRequest[]
  /** Messages accepted, in order. */
  messages: FakeMessage[]
  failNext(...failures: TwilioFailure[]): void
  /** Numbers the API refuses as not valid (Twilio error 21211). */
  refuseNumbers(...numbers: string[]): void
  /**
   * Sends a status callback for a message to its StatusCallback URL, signed
   * over that URL, but delivered to `deliverTo` (the app under test, which
   * may listen elsewhere than its public URL). `signWith` forges it.
   */
  reportStatus(
    sid: string,
    status: string,
    options: { deliverTo: string; errorCode?: string; signWith?: string | null }
  ): Promise<{ status: number; body: string }>
  /** An inbound text to the number's webhook `url`, delivered to `deliverTo`. */
  inbound(
    text: { from: string; body: string },
    options: { url: string; deliverTo: string; signWith?: string | null }
  ): Promise<{ status: number; body: string }>
  /** Twilio's signature of a request to `url` with these form fields. */
  sign(url: string, fields: Record<string, string>, authToken?: string): string
  /** The environment of an app process whose texts should go through this fake. */
  env: Record<string, string>
  reset(): void
  close(): Promise<void>
}

function twilioSignature(authToken: string, url: string, fields: Record<string, string>) {
  const data = Object.keys(fields)
    .sort()
    .reduce((text, key) => text + key + fields[key], url)
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64')
}

function sid(prefix: string) {
  return prefix + randomBytes(16).toString('hex')
}

export async function startTwilioFake(): Promise<TwilioFake> {
  const accountSid = sid('AC')
  const authToken = randomBytes(16).toString('hex')
  const messagingServiceSid = sid('MG')
  const received: ReceivedRequest[] = []
  const messages: FakeMessage[] = []
  let failures: TwilioFailure[] = []
  let refused = new Set<string>()
  const sockets = new Set<Socket>()
  const phoneNumber = '+15005550006'
  const messagesPath = `/2010-04-01/Accounts/${accountSid}/Messages.json`
  const accountPath = `/2010-04-01/Accounts/${accountSid}.json`
  const numbersPath = `/2010-04-01/Accounts/${accountSid}/IncomingPhoneNumbers.json`

  const error = (status: number, code: number, message: string) => ({
    status,
    body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
  })

  function answer(request: IncomingMessage, body: Record<string, string>) {
    const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`
    if (request.headers.authorization !== expected) {
      return error(401, 20003, 'Authentication Error - invalid username')
    }
    if (request.method === 'GET') {
      return read(new URL(request.url!, 'http://twilio'))
    }
    if (request.method !== 'POST' || request.url !== messagesPath) {
      return error(404, 20404, `The requested resource ${request.url} was not found`)
    }
    if (!body.To || !body.Body || (!body.From && !body.MessagingServiceSid)) {
      return error(
        400,
        21604,
        "A 'To' phone number, a 'Body' and a 'From' or 'MessagingServiceSid' are required."
      )
    }
    if (body.MessagingServiceSid && body.MessagingServiceSid !== messagingServiceSid) {
      return error(400, 21701, 'The Messaging Service Sid is invalid.')
    }
    if (refused.has(body.To)) {
      return error(400, 21211, `The 'To' number ${body.To} is not a valid phone number.`)
    }
    const message: FakeMessage = {
      sid: sid('SM'),
      to: body.To,
      from: body.From ?? null,
      messagingServiceSid: body.MessagingServiceSid ?? null,
      body: body.Body,
      statusCallback: body.StatusCallback ?? null,
      status: body.MessagingServiceSid ? 'accepted' : 'queued',
    }
    messages.push(message)
    return {
      status: 201,
      body: {
        sid: message.sid,
        account_sid: accountSid,
        messaging_service_sid: message.messagingServiceSid,
        to: message.to,
        from: message.from,
        body: message.body,
        status: message.status,
        num_segments: '1',
        direction: 'outbound-api',
        api_version: '2010-04-01',
        date_created: new Date().toUTCString(),
        uri: `/2010-04-01/Accounts/${accountSid}/Messages/${message.sid}.json`,
      },
    }
  }

  /**
   * The reads `node ace doctor` makes: the account (api.twilio.com), the
   * messaging service (messaging.twilio.com, whose paths start at /v1) and
   * the account's numbers filtered by PhoneNumber, as Twilio pages them.
   */
  function read(url: URL) {
    const notFound = () => error(404, 20404, `The requested resource ${url.pathname} was not found`)
    if (url.pathname === accountPath) {
      return {
        status: 200,
        body: {
          sid: accountSid,
          friendly_name: 'Harbour Lights Productions',
          status: 'active',
          type: 'Full',
          owner_account_sid: accountSid,
          date_created: new Date(0).toUTCString(),
          date_updated: new Date(0).toUTCString(),
          uri: accountPath,
          subresource_uris: {},
        },
      }
    }
    if (url.pathname === `/v1/Services/${messagingServiceSid}`) {
      return {
        status: 200,
        body: {
          sid: messagingServiceSid,
          account_sid: accountSid,
          friendly_name: 'Schedule texts',
          url: `https://messaging.twilio.com/v1/Services/${messagingServiceSid}`,
          links: {},
        },
      }
    }
    if (url.pathname === numbersPath) {
      const wanted = url.searchParams.get('PhoneNumber')
      const pageSize = Number(url.searchParams.get('PageSize') ?? 50)
      const numbers = !wanted || wanted === phoneNumber ? [phoneNumber] : []
      return {
        status: 200,
        body: {
          incoming_phone_numbers: numbers.map((number) => ({
            sid: `PN${'0'.repeat(32)}`,
            account_sid: accountSid,
            phone_number: number,
            friendly_name: number,
            capabilities: { sms: true, mms: false, voice: true, fax: false },
          })),
          page: 0,
          page_size: pageSize,
          start: 0,
          end: numbers.length - 1,
          first_page_uri: `${numbersPath}?${url.searchParams}`,
          next_page_uri: null,
          previous_page_uri: null,
          uri: `${numbersPath}?${url.searchParams}`,
        },
      }
    }
    return notFound()
  }

  const server = createServer(async (request, response) => {
    const raw = await readBody(request)
    const body = Object.fromEntries(new URLSearchParams(raw))
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [name, String(value)])
    )
    received.push({ method: request.method!, path: request.url!, headers, body })
    const failure = failures.shift()
    if (failure === 'hang') {
      return
    }
    const { status, body: json } =
      failure === 429
        ? error(429, 20429, 'Too Many Requests')
        : failure
          ? error(failure, 20500, 'Internal Server Error')
          : answer(request, body)
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json))
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  /** POSTs signed form fields as Twilio does, to `url`'s path at `deliverTo`. */
  async function deliver(
    url: string,
    fields: Record<string, string>,
    deliverTo: string,
    signWith: string | null | undefined
  ) {
    const target = new URL(new URL(url).pathname + new URL(url).search, deliverTo)
    const response = await fetch(target, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': 'TwilioProxy/1.1',
        ...(signWith === null
          ? {}
          : { 'x-twilio-signature': twilioSignature(signWith ?? authToken, url, fields) }),
      },
      body: new URLSearchParams(fields).toString(),
    })
    return { status: response.status, body: await response.text() }
  }

  return {
    url: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    messagingServiceSid,
    phoneNumber,
    env: {
      SMS_ACCOUNT_SID: accountSid,
      SMS_AUTH_TOKEN: authToken,
      SMS_MESSAGING_SERVICE_SID: messagingServiceSid,
      SMS_API_URL: `http://127.0.0.1:${port}`,
    },
    received,
    messages,
    failNext: (...next) => failures.push(...next),
    refuseNumbers: (...numbers) => numbers.forEach((number) => refused.add(number)),
    async reportStatus(messageSid, status, options) {
      const message = messages.find((candidate) => candidate.sid === messageSid)
      if (!message?.statusCallback) {
        throw new Error(`No message ${messageSid} with a status callback`)
      }
      message.status = status
      const fields: Record<string, string> = {
        AccountSid: accountSid,
        ApiVersion: '2010-04-01',
        From: message.from ?? phoneNumber,
        MessageSid: message.sid,
        MessageStatus: status,
        MessagingServiceSid: message.messagingServiceSid ?? '',
        SmsSid: message.sid,
        SmsStatus: status,
        To: message.to,
        ...(options.errorCode ? { ErrorCode: options.errorCode } : {}),
      }
      return deliver(message.statusCallback, fields, options.deliverTo, options.signWith)
    },
    inbound(text, options) {
      const fields: Record<string, string> = {
        AccountSid: accountSid,
        ApiVersion: '2010-04-01',
        Body: text.body,
        From: text.from,
        MessageSid: sid('SM'),
        MessagingServiceSid: messagingServiceSid,
        NumMedia: '0',
        NumSegments: '1',
        SmsMessageSid: sid('SM'),
        To: phoneNumber,
        FromCountry: '',
      }
      return deliver(options.url, fields, options.deliverTo, options.signWith)
    },
    sign: (url, fields, token) => twilioSignature(token ?? authToken, url, fields),
    reset() {
      received.length = 0
      messages.length = 0
      failures = []
      refused = new Set()
    },
    close() {
      for (const socket of sockets) {
        socket.destroy()
      }
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
