import twilio from 'twilio'
import RequestClient from 'twilio/lib/base/RequestClient.js'
import env from '#start/env'

export interface SmsClientOptions {
  accountSid: string
  authToken: string
  /** Sends through a messaging service (its number pool, opt-out handling) when set… */
  messagingServiceSid?: string
  /** …otherwise from this number. */
  fromNumber?: string
  /**
   * Where the Messages API is: Twilio by default; a proxy, or a loopback
   * fake in tests. The SDK has no base URL option, so requests are re-aimed
   * by its own pluggable request client.
   */
  apiUrl?: string
}

/** Why one SMS did not go out, told apart for the retry decision. */
export class SmsSendError extends Error {
  constructor(
    message: string,
    /** Waiting may fix it (rate limit, Twilio's 5xx, connection refused): retry. */
    readonly transient: boolean,
    /** The request may have reached Twilio (a timeout): sending again could text twice. */
    readonly outcomeUnknown = false
  ) {
    super(message)
  }
}

/** Twilio's RequestClient, with every request sent to `apiUrl` instead of api.twilio.com. */
class RedirectedRequestClient extends RequestClient {
  constructor(
    readonly apiUrl: URL,
    options: RequestClient.RequestClientOptions
  ) {
    super(options)
  }

  request<TData>(options: RequestClient.RequestOptions<TData>) {
    const uri = new URL(options.uri)
    uri.protocol = this.apiUrl.protocol
    uri.host = this.apiUrl.host
    return super.request({ ...options, uri: uri.toString() })
  }
}

/** What `accountCheck` found: the account and sender, or which of them is wrong. */
export type SmsAccountCheck =
  | { ok: true; account: string; sender: string }
  | { ok: false; problem: 'credentials' | 'sender' | 'unreachable'; message: string }

const CONNECTION_NOT_MADE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNRESET'])

/**
 * schedule's SMS: Twilio's Messages API through the `twilio` SDK. The SDK
 * retries a 429 itself (with backoff) before the job's own retries.
 */
export class SmsClient {
  readonly #client: twilio.Twilio

  constructor(readonly options: SmsClientOptions) {
    const retry = { autoRetry: true, maxRetries: 3 }
    this.#client = twilio(options.accountSid, options.authToken, {
      ...retry,
      httpClient: options.apiUrl
        ? new RedirectedRequestClient(new URL(options.apiUrl), { ...retry, timeout: 15_000 })
        : undefined,
    })
  }

  get authToken() {
    return this.options.authToken
  }

  /** Sends one text; resolves to Twilio's message SID and its first status. */
  async send(to: string, body: string, statusCallback: string) {
    try {
      const sent = await this.#client.messages.create({
        to,
        body,
        statusCallback,
        ...(this.options.messagingServiceSid
          ? { messagingServiceSid: this.options.messagingServiceSid }
          : { from: this.options.fromNumber! }),
      })
      return { sid: sent.sid, status: sent.status as string }
    } catch (error) {
      throw SmsClient.#explain(error)
    }
  }

  /**
   * Reads, sends nothing (`node ace doctor`): the account the credentials
   * open, then the sender texts go from (the messaging service, or the
   * number among the account's own).
   */
  async accountCheck(): Promise<SmsAccountCheck> {
    let account: { friendlyName: string; status: string }
    try {
      account = await this.#client.api.v2010.accounts(this.options.accountSid).fetch()
    } catch (error) {
      const failure = SmsClient.#explain(error)
      const status = (error as { status?: number }).status
      return {
        ok: false,
        problem: status === 401 || status === 404 ? 'credentials' : 'unreachable',
        message: failure.message,
      }
    }
    const accountLabel = `${account.friendlyName} (${account.status})`
    const serviceSid = this.options.messagingServiceSid
    try {
      if (serviceSid) {
        const service = await this.#client.messaging.v1.services(serviceSid).fetch()
        return {
          ok: true,
          account: accountLabel,
          sender: `messaging service ${service.friendlyName} (${serviceSid})`,
        }
      }
      const number = this.options.fromNumber!
      const owned = await this.#client.incomingPhoneNumbers.list({ phoneNumber: number, limit: 1 })
      return owned.length > 0
        ? { ok: true, account: accountLabel, sender: `number ${number}` }
        : {
            ok: false,
            problem: 'sender',
            message: `the account ${accountLabel} has no number ${number}`,
          }
    } catch (error) {
      const status = (error as { status?: number }).status
      return {
        ok: false,
        problem: status === 404 ? 'sender' : 'unreachable',
        message:
          status === 404
            ? `the account ${accountLabel} has no messaging service ${serviceSid}`
            : SmsClient.#explain(error).message,
      }
    }
  }

  static #explain(error: unknown): SmsSendError {
    const failure = error as { status?: number; code?: number | string; message?: string }
    if (typeof failure.status === 'number') {
      const transient = failure.status === 429 || failure.status >= 500
      const code = typeof failure.code === 'number' ? ` (Twilio error ${failure.code})` : ''
      return new SmsSendError(`${failure.message ?? `HTTP ${failure.status}`}${code}`, transient)
    }
    if (typeof failure.code === 'string' && CONNECTION_NOT_MADE.has(failure.code)) {
      return new SmsSendError(`Twilio could not be reached (${failure.code})`, true)
    }
    return new SmsSendError(
      `No answer from Twilio (${failure.code ?? failure.message ?? 'unknown error'}): the text may or may not have gone`,
      false,
      true
    )
  }
}

/** The client from the environment, or null when SMS is not configured (SMS is off). */
export function configuredSmsClient(): SmsClient | null {
  const accountSid = env.get('SMS_ACCOUNT_SID')
  const authToken = env.get('SMS_AUTH_TOKEN')?.release()
  const messagingServiceSid = env.get('SMS_MESSAGING_SERVICE_SID')
  const fromNumber = env.get('SMS_PHONE_NUMBER')
  if (!accountSid || !authToken || (!messagingServiceSid && !fromNumber)) {
    return null
  }
  return new SmsClient({
    accountSid,
    authToken,
    messagingServiceSid,
    fromNumber,
    apiUrl: env.get('SMS_API_URL'),
  })
}

/** What the page and the API say while SMS is off. */
export const SMS_OFF_MESSAGE =
  'SMS is off: set SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_MESSAGING_SERVICE_SID (or SMS_PHONE_NUMBER). Email still works.'
