import { randomUUID } from 'node:crypto'
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { MailResponse } from '@adonisjs/mail'
import type { MailTransportContract, NodeMailerMessage } from '@adonisjs/mail/types'

export interface OutboxMessage {
  id: string
  sentAt: string
  from: string
  to: string[]
  subject: string
  html: string | null
  text: string | null
}

function addresses(value: unknown): string[] {
  if (!value) {
    return []
  }
  const list = Array.isArray(value) ? value : [value]
  return list.map((entry) =>
    typeof entry === 'string' ? entry : String((entry as { address: string }).address)
  )
}

/**
 * The local outbox of development and the demo: each message becomes one JSON
 * file, named so that a directory listing is in sending order.
 */
export class OutboxTransport implements MailTransportContract {
  constructor(protected directory: string) {}

  async send(message: NodeMailerMessage) {
    const entry: OutboxMessage = {
      id: randomUUID(),
      sentAt: new Date().toISOString(),
      from: addresses(message.from)[0] ?? '',
      to: addresses(message.to),
      subject: String(message.subject ?? ''),
      html: typeof message.html === 'string' ? message.html : null,
      text: typeof message.text === 'string' ? message.text : null,
    }
    await mkdir(this.directory, { recursive: true })
    const name = `${entry.sentAt.replace(/[:.]/g, '-')}-${entry.id}.json`
    // Written aside, then renamed: a reader listing the outbox never sees half a message.
    const partial = join(this.directory, `.${name}.partial`)
    await writeFile(partial, JSON.stringify(entry, null, 2))
    await rename(partial, join(this.directory, name))
    return new MailResponse(entry.id, { from: entry.from, to: entry.to }, entry)
  }
}

/** The messages in an outbox directory, oldest first. */
export async function readOutbox(directory: string): Promise<OutboxMessage[]> {
  const names = await readdir(directory).catch(() => [] as string[])
  const messages = await Promise.all(
    names
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map(async (name) => JSON.parse(await readFile(join(directory, name), 'utf8')))
  )
  return messages as OutboxMessage[]
}
