import { createServer, type Server } from 'node:net'
import { runCommand } from '#tests/helpers/ace_commands'
import type { DoctorResult } from '#services/shared/doctor/doctor_runner'

/** `node ace doctor --json` in this process: its exit code and its results, found by check name. */
export async function runDoctor() {
  const { exitCode, output } = await runCommand('doctor', ['--json'])
  const results: DoctorResult[] = JSON.parse(output)
  return {
    exitCode,
    results,
    check(name: string) {
      const found = results.find((result) => result.name === name)
      if (!found) {
        throw new Error(`No doctor check named "${name}" in ${results.map((r) => r.name)}`)
      }
      return found
    },
  }
}

/**
 * Enough of an SMTP server on loopback for the doctor's dialogue: a
 * greeting, EHLO, MAIL FROM accepted only for senders of `allowedDomain`,
 * RSET and QUIT. No STARTTLS, no login.
 */
export class FakeSmtpServer {
  #server?: Server
  port = 0
  senders: string[] = []

  constructor(readonly allowedDomain: string) {}

  async start() {
    this.#server = createServer((socket) => {
      let buffer = ''
      socket.write('220 fake.smtp ESMTP\r\n')
      socket.on('data', (chunk) => {
        buffer += chunk.toString('utf8')
        let end: number
        while ((end = buffer.indexOf('\r\n')) !== -1) {
          const line = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          socket.write(this.#answer(line))
          if (/^QUIT/i.test(line)) socket.end()
        }
      })
      socket.on('error', () => {})
    })
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve))
    this.port = (this.#server!.address() as { port: number }).port
    return this
  }

  #answer(line: string) {
    const sender = /^MAIL FROM:<([^>]*)>/i.exec(line)?.[1]
    if (sender !== undefined) {
      this.senders.push(sender)
      return sender.endsWith(`@${this.allowedDomain}`)
        ? '250 2.1.0 OK\r\n'
        : '550 5.7.1 Sender address rejected: not owned by user\r\n'
    }
    if (/^EHLO /i.test(line)) return '250-fake.smtp\r\n250 8BITMIME\r\n'
    if (/^RSET/i.test(line)) return '250 2.0.0 OK\r\n'
    if (/^QUIT/i.test(line)) return '221 2.0.0 Bye\r\n'
    return '502 5.5.2 Command not recognised\r\n'
  }

  async stop() {
    await new Promise<void>((resolve) => this.#server?.close(() => resolve()) ?? resolve())
  }
}
