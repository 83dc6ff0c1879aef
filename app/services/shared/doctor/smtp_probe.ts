import { connect as connectTcp, type Socket } from 'node:net'
import { hostname } from 'node:os'
import { connect as connectTls, type TLSSocket } from 'node:tls'

export interface SmtpProbeOptions {
  host: string
  port: number
  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  secure: boolean
  username?: string
  password?: string
  /** The envelope sender the app's mail goes out with. */
  from: string
  timeoutMs?: number
}

/** Where the dialogue stopped: the fix depends on it. */
export type SmtpStage = 'connect' | 'tls' | 'login' | 'sender'

export class SmtpProbeFailure extends Error {
  constructor(
    readonly stage: SmtpStage,
    message: string
  ) {
    super(message)
  }
}

/**
 * Talks SMTP with the server as far as the envelope sender: connects
 * (STARTTLS when offered), logs in when a user is set, and says
 * `MAIL FROM:<from>`, then resets and quits without sending anything. A
 * server that refuses the sender refuses every message the app sends.
 */
export async function probeSmtp(options: SmtpProbeOptions): Promise<{ greeting: string }> {
  const timeoutMs = options.timeoutMs ?? 10_000
  let stage: SmtpStage = 'connect'
  let socket: Socket | TLSSocket
  try {
    socket = await open(options, timeoutMs)
  } catch (error) {
    throw new SmtpProbeFailure('connect', codeOf(error))
  }
  const session = new SmtpSession(socket, timeoutMs)
  try {
    const greeting = await session.expect(220)
    let features = await session.command(`EHLO ${hostname()}`, 250)
    if (!options.secure && /^STARTTLS$/im.test(features.replace(/^\d{3}[ -]/gm, ''))) {
      stage = 'tls'
      await session.command('STARTTLS', 220)
      await session.upgrade(options.host)
      features = await session.command(`EHLO ${hostname()}`, 250)
    }
    if (options.username) {
      stage = 'login'
      const plain = Buffer.from(`\0${options.username}\0${options.password ?? ''}`).toString(
        'base64'
      )
      if (/AUTH[ =][^\n]*\bPLAIN\b/i.test(features)) {
        await session.command(`AUTH PLAIN ${plain}`, 235)
      } else {
        await session.command('AUTH LOGIN', 334)
        await session.command(Buffer.from(options.username).toString('base64'), 334)
        await session.command(Buffer.from(options.password ?? '').toString('base64'), 235)
      }
    }
    stage = 'sender'
    await session.command(`MAIL FROM:<${options.from}>`, 250)
    await session.command('RSET', 250).catch(() => {})
    session.write('QUIT')
    return { greeting: greeting.replace(/^220[ -]/, '').split('\n')[0] }
  } catch (error) {
    throw error instanceof SmtpProbeFailure ? error : new SmtpProbeFailure(stage, codeOf(error))
  } finally {
    session.close()
  }
}

function codeOf(error: unknown) {
  const code = (error as { code?: unknown })?.code
  return typeof code === 'string' ? code : error instanceof Error ? error.message : String(error)
}

function open(options: SmtpProbeOptions, timeoutMs: number) {
  return new Promise<Socket | TLSSocket>((resolve, reject) => {
    const socket = options.secure
      ? connectTls({ host: options.host, port: options.port, servername: options.host })
      : connectTcp({ host: options.host, port: options.port })
    const timer = setTimeout(() => {
      socket.destroy()
      reject(Object.assign(new Error('no answer'), { code: 'ETIMEDOUT' }))
    }, timeoutMs)
    socket.once(options.secure ? 'secureConnect' : 'connect', () => {
      clearTimeout(timer)
      resolve(socket)
    })
    socket.once('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
  })
}

/** One SMTP conversation: commands, and the server's (multi-line) replies. */
class SmtpSession {
  #buffer = ''
  #waiting: ((reply: string | Error) => void) | null = null
  #replies: (string | Error)[] = []

  constructor(
    private socket: Socket | TLSSocket,
    private timeoutMs: number
  ) {
    this.#listen()
  }

  #listen() {
    this.socket.setEncoding('utf8')
    this.socket.on('data', (chunk: string) => {
      this.#buffer += chunk
      // A reply ends with a line whose code is followed by a space (or nothing).
      let end: RegExpExecArray | null
      while ((end = /^\d{3}(?: [^\n]*)?\r?\n/m.exec(this.#buffer))) {
        const cut = end.index + end[0].length
        this.#deliver(this.#buffer.slice(0, cut).trimEnd())
        this.#buffer = this.#buffer.slice(cut)
      }
    })
    this.socket.on('error', (error) => this.#deliver(error))
    this.socket.on('close', () => this.#deliver(new Error('the server closed the connection')))
  }

  #deliver(reply: string | Error) {
    const waiting = this.#waiting
    if (waiting) {
      this.#waiting = null
      waiting(reply)
    } else {
      this.#replies.push(reply)
    }
  }

  #next(): Promise<string> {
    return new Promise((resolve, reject) => {
      const settle = (reply: string | Error) => {
        clearTimeout(timer)
        if (reply instanceof Error) reject(reply)
        else resolve(reply)
      }
      const timer = setTimeout(() => {
        this.#waiting = null
        reject(Object.assign(new Error('no answer'), { code: 'ETIMEDOUT' }))
      }, this.timeoutMs)
      const queued = this.#replies.shift()
      if (queued !== undefined) settle(queued)
      else this.#waiting = settle
    })
  }

  /** The next reply, which must carry this code; otherwise the reply is the failure. */
  async expect(code: number) {
    const reply = await this.#next()
    if (!reply.startsWith(String(code))) {
      throw new Error(reply.replace(/\r?\n/g, ' '))
    }
    return reply
  }

  write(line: string) {
    this.socket.write(`${line}\r\n`)
  }

  command(line: string, code: number) {
    this.write(line)
    return this.expect(code)
  }

  /** STARTTLS accepted: the same connection goes on encrypted. */
  upgrade(servername: string) {
    return new Promise<void>((resolve, reject) => {
      this.socket.removeAllListeners('data')
      this.socket.removeAllListeners('error')
      this.socket.removeAllListeners('close')
      const secured = connectTls({ socket: this.socket, servername }, () => resolve())
      secured.once('error', reject)
      this.socket = secured
      this.#buffer = ''
      this.#listen()
    })
  }

  close() {
    this.socket.end()
    this.socket.destroy()
  }
}
