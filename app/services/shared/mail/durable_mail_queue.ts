import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import type { MailerMessenger, MessageBodyTemplates, NodeMailerMessage } from '@adonisjs/mail/types'

type CompiledMail = { message: NodeMailerMessage; views: MessageBodyTemplates }
type Payload = { mail: CompiledMail; sendConfig?: unknown }
type QueuedRow = { id: string; mailer: string; payload: Payload; attempts: number }

/** Sends one compiled mail with the named mailer (the mail manager, in the app). */
export type MailSender = (
  mailer: string,
  mail: CompiledMail,
  sendConfig?: unknown
) => Promise<unknown>

const TABLE = 'mail_queue'
const MAX_ATTEMPTS = 8

/** 30 s, 1 min, 2 min … capped at one hour between attempts. */
function retryDelaySeconds(attempts: number) {
  return Math.min(30 * 2 ** (attempts - 1), 3600)
}

/** JSON turns Buffers (attachment contents) into { type, data }; this turns them back. */
function reviveBuffers(_key: string, value: unknown) {
  if (
    value &&
    typeof value === 'object' &&
    (value as { type?: unknown }).type === 'Buffer' &&
    Array.isArray((value as { data?: unknown }).data)
  ) {
    return Buffer.from((value as { data: number[] }).data)
  }
  return value
}

/**
 * The mail queue in PostgreSQL. `sendLater` stores the compiled message; a
 * worker in each web process sends due messages, one transaction per message:
 * the row is locked while it is sent and deleted in the same transaction, so
 * a crash mid-send leaves it for another try (at least once, never lost) and
 * two instances never send the same row at the same time.
 */
export class DurableMailQueue {
  #timer?: NodeJS.Timeout
  #running?: Promise<void>
  #started = false
  #stopped = false

  constructor(protected send: MailSender) {}

  async push(mailer: string, mail: CompiledMail, sendConfig?: unknown) {
    const payload: Payload = { mail, sendConfig }
    await db.table(TABLE).insert({ mailer, payload: JSON.stringify(payload) })
  }

  /** Sends every due message; returns how many were sent. */
  async sendDue() {
    let sent = 0
    while (!this.#stopped && (await this.sendOne())) {
      sent++
    }
    return sent
  }

  /** Claims and sends one due message. False when none is due. */
  protected async sendOne() {
    return db.transaction(async (trx) => {
      const result = await trx.rawQuery(
        `select id, mailer, payload::text as payload, attempts from ${TABLE}
          where failed_at is null and available_at <= now()
          order by id limit 1 for update skip locked`
      )
      const raw = result.rows[0] as (Omit<QueuedRow, 'payload'> & { payload: string }) | undefined
      if (!raw) {
        return false
      }
      const row: QueuedRow = { ...raw, payload: JSON.parse(raw.payload, reviveBuffers) }
      try {
        await this.send(row.mailer, row.payload.mail, row.payload.sendConfig)
        await trx.from(TABLE).where('id', row.id).delete()
      } catch (error) {
        const attempts = row.attempts + 1
        const gaveUp = attempts >= MAX_ATTEMPTS
        logger.error({ err: error, mailId: row.id, attempts }, 'sending queued mail failed')
        await trx
          .from(TABLE)
          .where('id', row.id)
          .update({
            attempts,
            last_error: String((error as Error)?.message ?? error).slice(0, 2000),
            available_at: trx.raw(`now() + make_interval(secs => ?)`, [
              retryDelaySeconds(attempts),
            ]),
            failed_at: gaveUp ? trx.raw('now()') : null,
          })
      }
      return true
    })
  }

  /**
   * Runs now unless a run is under way, so queued mail goes out at once rather
   * than at the next tick. Only a started worker (a web process) sends; a
   * command's mail waits in the table for one.
   */
  nudge() {
    if (!this.#started || this.#running || this.#stopped) {
      return
    }
    this.#running = this.sendDue()
      .then(() => undefined)
      .catch((error) => logger.error({ err: error }, 'the mail queue worker failed'))
      .finally(() => (this.#running = undefined))
  }

  start(intervalMs = 5000) {
    this.#started = true
    this.#timer = setInterval(() => this.nudge(), intervalMs)
    this.#timer.unref()
    this.nudge()
  }

  async stop() {
    this.#stopped = true
    clearInterval(this.#timer)
    await this.#running
  }
}

/** The mailer's messenger: `sendLater` lands in the durable queue. */
export class DurableMailMessenger implements MailerMessenger {
  constructor(
    protected mailerName: string,
    protected mailQueue: DurableMailQueue
  ) {}

  async queue(mail: CompiledMail, sendConfig?: unknown) {
    await this.mailQueue.push(this.mailerName, mail, sendConfig)
    this.mailQueue.nudge()
  }
}
