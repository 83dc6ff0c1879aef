import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { MailerMessenger, MessageBodyTemplates, NodeMailerMessage } from '@adonisjs/mail/types'
import type { JobSender } from '#services/shared/jobs/job_definition'

type CompiledMail = { message: NodeMailerMessage; views: MessageBodyTemplates }
type Payload = { mail: CompiledMail; sendConfig?: unknown }

/** Sends one compiled mail with the named mailer (the mail manager, in the app). */
export type MailSender = (
  mailer: string,
  mail: CompiledMail,
  sendConfig?: unknown
) => Promise<unknown>

/** The job that sends one queued message; its data is `{ mailId }`. */
export const SEND_MAIL_JOB = 'shared.send-mail'

const TABLE = 'mail_queue'

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

/** Another attempt still holds the message: this one retries later rather than send it twice. */
export class MailBeingSentError extends Error {
  constructor(mailId: string) {
    super(`The queued mail ${mailId} is being sent by another attempt`)
  }
}

/**
 * The mail queue. `sendLater` stores the compiled message in `mail_queue` and
 * sends a `shared.send-mail` job for it in the same transaction, so neither
 * exists without the other. The job (retried with backoff by pg-boss) sends
 * the message while holding its row locked and deletes the row in that
 * transaction: a crash mid-send leaves the row for the retry (at least once,
 * never lost), a retry of a message already sent finds no row and does
 * nothing, and two attempts never send one message at the same time. The
 * message text (reset links included) is gone once sent; the job keeps only
 * the row's id. A message whose last attempt failed keeps its row with
 * `failed_at` and the error, and its job stays failed until `jobs:retry`.
 */
export class DurableMailQueue {
  constructor(protected jobs: JobSender) {}

  /** Queues a message; with `client`, inside the caller's transaction. */
  async push(
    mailer: string,
    mail: CompiledMail,
    sendConfig?: unknown,
    client?: TransactionClientContract
  ) {
    const payload: Payload = { mail, sendConfig }
    const queue = async (trx: TransactionClientContract) => {
      const [row] = await trx
        .table(TABLE)
        .insert({ mailer, payload: JSON.stringify(payload) })
        .returning('id')
      await this.jobs.send(SEND_MAIL_JOB, { mailId: String(row.id) }, { client: trx })
    }
    await (client ? queue(client) : db.transaction(queue))
  }

  /**
   * Sends the queued message `mailId`. False when it is no longer queued
   * (already sent). A failure is written on the row; on the last attempt the
   * row is also marked failed, so the requeue sweep leaves it alone.
   */
  async send(mailId: string, sender: MailSender, { isLastAttempt }: { isLastAttempt: boolean }) {
    try {
      return await db.transaction(async (trx) => {
        const result = await trx.rawQuery(
          `select id, mailer, payload::text as payload from ${TABLE} where id = ? for update skip locked`,
          [mailId]
        )
        const row = result.rows[0] as { id: string; mailer: string; payload: string } | undefined
        if (!row) {
          // Skipped rows are invisible to the locking read, but not to a plain one.
          if (await trx.from(TABLE).where('id', mailId).first()) {
            throw new MailBeingSentError(mailId)
          }
          return false
        }
        const payload: Payload = JSON.parse(row.payload, reviveBuffers)
        await sender(row.mailer, payload.mail, payload.sendConfig)
        await trx.from(TABLE).where('id', row.id).delete()
        return true
      })
    } catch (error) {
      if (!(error instanceof MailBeingSentError)) {
        await db
          .from(TABLE)
          .where('id', mailId)
          .update({
            last_error: String((error as Error)?.message ?? error).slice(0, 2000),
            failed_at: isLastAttempt ? db.raw('now()') : null,
          })
      }
      throw error
    }
  }

  /**
   * Sends a job for every message that is neither failed nor covered by a
   * waiting or running job: messages queued by a version before the job
   * system, or whose job was removed by hand. Returns how many.
   */
  async requeueUncovered(jobSchema: string) {
    const result = await db.rawQuery(
      `select id from ${TABLE} m
        where failed_at is null
          and not exists (
            select 1 from ${jobSchema}.job j
             where j.name = ? and j.data->>'mailId' = m.id::text
               and j.state in ('created', 'retry', 'active'))
        order by id`,
      [SEND_MAIL_JOB]
    )
    for (const row of result.rows as { id: string }[]) {
      await this.jobs.send(SEND_MAIL_JOB, { mailId: String(row.id) })
    }
    return result.rows.length
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
  }
}
