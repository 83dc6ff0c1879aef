import { spawn, type ChildProcess } from 'node:child_process'
import { createHash, X509Certificate } from 'node:crypto'
import { mkdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { waitUntil } from '#tests/helpers/wait_until'

/** One upstream as Caddy's admin API reports it (GET /reverse_proxy/upstreams). */
export interface UpstreamState {
  address: string
  /** Requests Caddy has in flight to this upstream right now. */
  num_requests: number
  fails: number
}

export interface CaddyFrontOptions {
  caddyfile: string
  /** Caddy's HOME, XDG_DATA_HOME and XDG_CONFIG_HOME: its CA, certificates and state. */
  home: string
  /** The Caddyfile's placeholders (SSO_SITE, TRANSFER_UPSTREAMS, HTTPS_PORT, CADDY_ADMIN…). */
  placeholders: Record<string, string>
  adminPort: number
  log: (line: string) => void
}

/**
 * `caddy run` with deploy/Caddyfile, as an operator starts it, its state in a
 * folder of the test's own: Caddy's internal CA (which signs the *.localhost
 * sites) is made there and never installed in the machine's trust store
 * (the Caddyfile says skip_install_trust).
 */
export class CaddyFront {
  #child?: ChildProcess
  #exit?: Promise<void>

  constructor(readonly options: CaddyFrontOptions) {}

  get dataHome() {
    return join(this.options.home, 'data')
  }

  /** Where Caddy keeps its internal CA. */
  get authorityDirectory() {
    return join(this.dataHome, 'caddy', 'pki', 'authorities', 'local')
  }

  async start() {
    await mkdir(this.dataHome, { recursive: true })
    await mkdir(join(this.options.home, 'config'), { recursive: true })
    const child = spawn(
      process.env.CADDY_PATH ?? 'caddy',
      ['run', '--config', this.options.caddyfile, '--adapter', 'caddyfile'],
      {
        env: {
          PATH: process.env.PATH,
          HOME: this.options.home,
          XDG_DATA_HOME: this.dataHome,
          XDG_CONFIG_HOME: join(this.options.home, 'config'),
          ...this.options.placeholders,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      }
    )
    this.#child = child
    this.#exit = new Promise((resolve) => child.once('exit', () => resolve()))
    for (const stream of [child.stdout!, child.stderr!]) {
      stream.on('data', (chunk: Buffer) =>
        chunk
          .toString()
          .split('\n')
          .filter(Boolean)
          .forEach((line) => this.options.log(line))
      )
    }
    await waitUntil(
      "Caddy's internal CA and admin endpoint",
      async () => {
        if (child.exitCode !== null) {
          throw new Error(`caddy exited with code ${child.exitCode}; its lines above say why`)
        }
        return (await this.rootCertificate().catch(() => null)) && (await this.upstreams())
      },
      30_000
    )
  }

  /** The root of Caddy's internal CA (PEM), what a client must trust for the *.localhost sites. */
  rootCertificate() {
    return readFile(join(this.authorityDirectory, 'root.crt'), 'utf8')
  }

  /**
   * Base64 SHA-256 hashes of the internal CA's public keys, for Chromium's
   * --ignore-certificate-errors-spki-list: that browser then accepts these
   * sites' certificates and no others it could not verify. Chromium matches
   * the pins against the chain the server sends, which holds the
   * intermediate but not the root: the root's pin alone is refused
   * (ERR_CERT_AUTHORITY_INVALID), so both are pinned.
   */
  async spkiPins() {
    const pins: string[] = []
    for (const file of ['root.crt', 'intermediate.crt']) {
      const certificate = new X509Certificate(await readFile(join(this.authorityDirectory, file)))
      const spki = certificate.publicKey.export({ type: 'spki', format: 'der' })
      pins.push(createHash('sha256').update(spki).digest('base64'))
    }
    return pins
  }

  /** Caddy's view of every upstream, from its admin API (null while it does not answer). */
  async upstreams(): Promise<UpstreamState[] | null> {
    try {
      const response = await fetch(
        `http://127.0.0.1:${this.options.adminPort}/reverse_proxy/upstreams`
      )
      return response.ok ? ((await response.json()) as UpstreamState[]) : null
    } catch {
      return null
    }
  }

  /** The upstream among `addresses` that has a request in flight (waits until exactly one has). */
  async busyUpstream(addresses: string[]) {
    return waitUntil(`one of ${addresses.join(', ')} to hold a request`, async () => {
      const busy = ((await this.upstreams()) ?? []).filter(
        (upstream) => addresses.includes(upstream.address) && upstream.num_requests > 0
      )
      return busy.length === 1 ? busy[0].address : null
    })
  }

  async stop() {
    const child = this.#child
    if (!child || child.exitCode !== null || child.signalCode !== null) {
      return
    }
    child.kill('SIGTERM')
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000)
    await this.#exit
    clearTimeout(killer)
  }

  /** For the process's exit handler: no waiting. */
  killNow() {
    this.#child?.kill('SIGKILL')
  }
}
