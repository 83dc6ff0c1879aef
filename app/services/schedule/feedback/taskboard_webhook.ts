import http from 'node:http'
import https from 'node:https'
import { randomBytes, randomUUID } from 'node:crypto'
import { Webhook } from 'standardwebhooks'
import app from '@adonisjs/core/services/app'
import encryption from '@adonisjs/core/services/encryption'
import db from '@adonisjs/lucid/services/db'
import AppSetting from '#models/schedule/app_setting'
import Feedback from '#models/schedule/feedback'
import { appUrl } from '#config/app'
import { upsert } from '#services/shared/atomic_writes'
import {
  OutboundAddressError,
  checkOutboundUrl,
  guardedLookup,
  type OutboundPolicy,
} from '#services/shared/outbound_address'
import { TASKBOARD_SETTING_KEYS as KEYS } from '#services/schedule/settings/schedule_settings'
import { invalidField } from '#services/schedule/directory/record_errors'
import { FeedbackScreenshots } from '#services/schedule/feedback/feedback_screenshots'

export const TASKBOARD_CARD_JOB = 'schedule.taskboard-card'

/** A receiver that has not answered within this long has failed this attempt. */
const DELIVERY_TIMEOUT_MS = 10_000

/** The Standard Webhooks envelope every delivery carries (see the README for `data`). */
export type TaskboardEnvelope = {
  type: 'feedback.created' | 'taskboard.test'
  timestamp: string
  data: Record<string, unknown>
}

export type DeliveryResult = { success: boolean; status?: number; error?: string }

export type TaskboardStatus = {
  configured: boolean
  url: string | null
  connectedAt: string | null
  lastDelivery: (DeliveryResult & { at: string; type: TaskboardEnvelope['type'] }) | null
}

const CATEGORY_LABELS = { bug: 'Bug', idea: 'Idea', question: 'Question', other: 'Other' }

/** Not connected: the test route and the job say so instead of sending. */
export class TaskboardNotConnectedError extends Error {
  constructor() {
    super('No taskboard webhook is set up')
  }
}

/**
 * The taskboard webhook (spec 3, /api/admin/taskboard/*): an admin saves a
 * URL, and every new feedback is posted to it as a card. Deliveries follow
 * Standard Webhooks: a JSON envelope `{ type, timestamp, data }` with the
 * `webhook-id`, `webhook-timestamp` and `webhook-signature` headers, signed
 * with a `whsec_` secret made when the URL is saved and shown then only.
 * In production the URL must be https and resolve to public addresses only
 * (checked on save and at every connection); redirects are not followed.
 */
export class TaskboardWebhook {
  constructor(
    protected screenshots = new FeedbackScreenshots(),
    protected policy: OutboundPolicy = { strict: app.inProduction },
    protected timeoutMs = DELIVERY_TIMEOUT_MS
  ) {}

  async status(): Promise<TaskboardStatus> {
    const stored = await this.stored()
    return {
      configured: typeof stored.get(KEYS.url) === 'string',
      url: (stored.get(KEYS.url) as string | undefined) ?? null,
      connectedAt: (stored.get(KEYS.connectedAt) as string | undefined) ?? null,
      lastDelivery: (stored.get(KEYS.lastDelivery) as TaskboardStatus['lastDelivery']) ?? null,
    }
  }

  /**
   * Saves the URL with a new signing secret (saving again rotates it) and
   * answers the secret, once, for the receiver's configuration.
   */
  async connect(url: string) {
    let checked: URL
    try {
      checked = await checkOutboundUrl(url, this.policy)
    } catch (error) {
      if (error instanceof OutboundAddressError) {
        throw invalidField('url', error.message, 'url')
      }
      throw error
    }
    const signingSecret = `whsec_${randomBytes(32).toString('base64')}`
    const now = new Date().toISOString()
    await db.transaction(async (trx) => {
      for (const [key, value] of [
        [KEYS.url, checked.href],
        [KEYS.secret, encryption.encrypt(signingSecret)],
        [KEYS.connectedAt, now],
      ] as const) {
        await upsert(
          'app_settings',
          'key',
          { key, value: JSON.stringify(value), updated_at: new Date() },
          trx
        )
      }
      await AppSetting.query({ client: trx }).where('key', KEYS.lastDelivery).delete()
    })
    return { ...(await this.status()), signingSecret }
  }

  async disconnect() {
    await AppSetting.query().whereIn('key', Object.values(KEYS)).delete()
    return this.status()
  }

  /** POST /api/admin/taskboard/test: a test card, now, with the receiver's answer. */
  async sendTest(): Promise<DeliveryResult> {
    return this.deliver(`test_${randomUUID()}`, {
      type: 'taskboard.test',
      timestamp: new Date().toISOString(),
      data: {
        title: 'Test card from Schedule',
        description: 'The taskboard webhook works: feedback will arrive as cards like this one.',
        appUrl,
      },
    })
  }

  /** Whether new feedback should get a card job. */
  async isConnected() {
    return (await AppSetting.find(KEYS.url)) !== null
  }

  /**
   * The card job's work: posts the feedback's card unless it was sent
   * already (a job runs at least once). A failure is recorded on the
   * feedback and thrown, so the job is retried.
   */
  async sendCard(feedbackId: number) {
    const feedback = await Feedback.find(feedbackId)
    if (!feedback || feedback.taskboardSentAt) {
      return 'nothing to send'
    }
    // Disconnected since the feedback came in: nothing to retry until someone connects again.
    if (!(await this.isConnected())) {
      await Feedback.query()
        .where('id', feedbackId)
        .update({ taskboard_error: new TaskboardNotConnectedError().message })
      return 'not connected'
    }
    await Feedback.query()
      .where('id', feedbackId)
      .update({ taskboard_attempts: db.raw('taskboard_attempts + 1') })
    let result: DeliveryResult
    try {
      // The same webhook-id on every attempt, so a receiver can drop a repeat.
      result = await this.deliver(`feedback_${feedback.id}`, this.card(feedback))
    } catch (error) {
      result = { success: false, error: (error as Error).message }
    }
    await Feedback.query()
      .where('id', feedbackId)
      .update(
        result.success
          ? { taskboard_sent_at: new Date(), taskboard_error: null }
          : { taskboard_error: result.error ?? 'The taskboard did not take the card' }
      )
    if (!result.success) {
      throw new Error(`The taskboard refused feedback ${feedbackId}: ${result.error}`)
    }
    return 'sent'
  }

  /** The card of one feedback: the envelope's `data` (documented in the README). */
  card(feedback: Feedback): TaskboardEnvelope {
    const firstLine = feedback.description.split('\n')[0].trim()
    const title = firstLine.length > 80 ? `${firstLine.slice(0, 79)}…` : firstLine
    return {
      type: 'feedback.created',
      timestamp: feedback.createdAt.toUTC().toISO()!,
      data: {
        id: feedback.id,
        title: `[${CATEGORY_LABELS[feedback.category]}] ${title}`,
        description: feedback.description,
        category: feedback.category,
        reporter: { name: feedback.reporterName, email: feedback.reporterEmail },
        pageUrl: feedback.pageUrl,
        screenshotUrl: feedback.screenshotKey
          ? this.screenshots.signedLink(feedback.id, feedback.screenshotKey)
          : null,
        adminUrl: `${appUrl.replace(/\/+$/, '')}/admin/feedback#feedback-${feedback.id}`,
        createdAt: feedback.createdAt.toUTC().toISO(),
      },
    }
  }

  /** One signed POST; never throws for the receiver's failures (they are the result). */
  protected async deliver(messageId: string, envelope: TaskboardEnvelope): Promise<DeliveryResult> {
    const stored = await this.stored()
    const url = stored.get(KEYS.url) as string | undefined
    const sealed = stored.get(KEYS.secret) as string | undefined
    if (!url || !sealed) {
      throw new TaskboardNotConnectedError()
    }
    const secret = encryption.decrypt<string>(sealed)
    if (!secret) {
      throw new Error('The taskboard signing secret cannot be read: was the app key changed?')
    }
    let result: DeliveryResult
    try {
      const target = await checkOutboundUrl(url, this.policy)
      const body = JSON.stringify(envelope)
      const sentAt = new Date()
      const status = await this.post(target, body, {
        'content-type': 'application/json',
        'user-agent': 'Schedule-Taskboard/1',
        'webhook-id': messageId,
        'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
        'webhook-signature': new Webhook(secret).sign(messageId, sentAt, body),
      })
      result =
        status >= 200 && status < 300
          ? { success: true, status }
          : { success: false, status, error: `The receiver answered ${status}` }
    } catch (error) {
      result = { success: false, error: (error as Error).message }
    }
    await upsert('app_settings', 'key', {
      key: KEYS.lastDelivery,
      value: JSON.stringify({ ...result, at: new Date().toISOString(), type: envelope.type }),
      updated_at: new Date(),
    })
    return result
  }

  /**
   * Whether the receiver answers, without a delivery (`node ace doctor`):
   * the saved URL passes the outbound-address checks, then a HEAD request
   * gets an HTTP answer, whatever its status (a webhook receiver takes only
   * signed POSTs, so no card is made). Null when not connected; throws
   * OutboundAddressError, or why nothing answered.
   */
  async probe(): Promise<{ url: string; status: number } | null> {
    const stored = await this.stored()
    const url = stored.get(KEYS.url) as string | undefined
    if (!url) {
      return null
    }
    const target = await checkOutboundUrl(url, this.policy)
    return { url, status: await this.send('HEAD', target, '', {}) }
  }

  /** POSTs the body and answers the status code; redirects are not followed. */
  protected post(url: URL, body: string, headers: Record<string, string>) {
    return this.send('POST', url, body, headers)
  }

  protected send(method: 'POST' | 'HEAD', url: URL, body: string, headers: Record<string, string>) {
    const transport = url.protocol === 'https:' ? https : http
    return new Promise<number>((resolve, reject) => {
      const request = transport.request(
        url,
        {
          method,
          headers:
            method === 'POST' ? { ...headers, 'content-length': Buffer.byteLength(body) } : headers,
          lookup: guardedLookup(this.policy),
          timeout: this.timeoutMs,
        },
        (response) => {
          response.resume()
          response.on('end', () => resolve(response.statusCode ?? 0))
          response.on('error', reject)
        }
      )
      let timedOut = false
      request.on('timeout', () => {
        timedOut = true
        request.destroy()
      })
      request.on('error', (error) =>
        reject(
          new Error(
            timedOut
              ? `The receiver did not answer within ${this.timeoutMs / 1000} s`
              : `The receiver could not be reached: ${error.message}`
          )
        )
      )
      request.end(method === 'POST' ? body : undefined)
    })
  }

  protected async stored() {
    const rows = await AppSetting.query().whereIn('key', Object.values(KEYS))
    return new Map(rows.map((row) => [row.key, row.value]))
  }
}
