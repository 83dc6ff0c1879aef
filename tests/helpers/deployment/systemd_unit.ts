import { readFile } from 'node:fs/promises'

/**
 * What systemd would run for one unit of deploy/systemd: its command, working
 * directory and environment. systemd itself is not available in the test
 * container (no init, no D-Bus), so the rehearsal reads the unit files with
 * this and starts exactly these commands; a unit that uses something this
 * reader does not understand fails the rehearsal instead of being run
 * differently from how systemd would run it.
 */
export interface ResolvedUnit {
  name: string
  command: string[]
  workingDirectory: string
  /** Environment= assignments, in order (later ones win). */
  environment: Record<string, string>
  /** EnvironmentFile= paths; optional ones (a leading `-`) may be missing. */
  environmentFiles: { path: string; optional: boolean }[]
}

/**
 * Where the rehearsal keeps what the units name by their production paths
 * (/srv/production-suite, /etc/production-suite, /usr/bin/node): each key is
 * replaced by its value where it starts a path.
 */
export type PathMapping = Record<string, string>

/** Reads `[Section]` / `Key=Value` lines, with `\` continuations and # or ; comments. */
export function parseUnitFile(text: string) {
  const sections = new Map<string, [string, string][]>()
  let current: [string, string][] | null = null
  const lines = text.replace(/\\\n/g, ' ').split('\n')
  for (const raw of lines) {
    const line = raw.trim()
    if (line === '' || line.startsWith('#') || line.startsWith(';')) {
      continue
    }
    const section = line.match(/^\[(.+)\]$/)
    if (section) {
      current = []
      sections.set(section[1], current)
      continue
    }
    const index = line.indexOf('=')
    if (index <= 0 || !current) {
      throw new Error(`not a unit file line: ${line}`)
    }
    current.push([line.slice(0, index).trim(), line.slice(index + 1).trim()])
  }
  return sections
}

/** systemd's specifiers that the units use: %i (the instance name) and %% only. */
function expandSpecifiers(value: string, instance: string | undefined) {
  return value.replace(/%(.)/g, (_match, specifier: string) => {
    if (specifier === '%') {
      return '%'
    }
    if (specifier === 'i' && instance !== undefined) {
      return instance
    }
    throw new Error(`the rehearsal does not know the specifier %${specifier} in "${value}"`)
  })
}

/** Splits a command line or an Environment= value into words, as systemd does with quotes. */
export function splitWords(value: string) {
  const words: string[] = []
  const pattern = /"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g
  for (const match of value.matchAll(pattern)) {
    words.push(match[1]?.replace(/\\(.)/g, '$1') ?? match[2] ?? match[3])
  }
  return words
}

function mapPath(path: string, paths: PathMapping) {
  for (const [from, to] of Object.entries(paths)) {
    if (path === from || path.startsWith(`${from}/`)) {
      return to + path.slice(from.length)
    }
  }
  return path
}

/**
 * The unit `file` as systemd would start it, for template instance
 * `instance` (e.g. the port of `transfer@5000.service`).
 */
export async function resolveUnit(
  file: string,
  { instance, paths = {} }: { instance?: string; paths?: PathMapping } = {}
): Promise<ResolvedUnit> {
  const service = parseUnitFile(await readFile(file, 'utf8')).get('Service')
  if (!service) {
    throw new Error(`${file} has no [Service] section`)
  }
  const resolved: ResolvedUnit = {
    name: file
      .split('/')
      .pop()!
      .replace('@.', `@${instance ?? ''}.`),
    command: [],
    workingDirectory: '/',
    environment: {},
    environmentFiles: [],
  }
  for (const [key, rawValue] of service) {
    const value = expandSpecifiers(rawValue, instance)
    if (key === 'ExecStart') {
      if (/^[-@:+!]/.test(value)) {
        throw new Error(`the rehearsal does not run ExecStart prefixes: ${value}`)
      }
      const [program, ...args] = splitWords(value)
      resolved.command = [mapPath(program, paths), ...args]
    } else if (key === 'WorkingDirectory') {
      resolved.workingDirectory = mapPath(value, paths)
    } else if (key === 'Environment') {
      for (const assignment of splitWords(value)) {
        const index = assignment.indexOf('=')
        resolved.environment[assignment.slice(0, index)] = assignment.slice(index + 1)
      }
    } else if (key === 'EnvironmentFile') {
      const optional = value.startsWith('-')
      resolved.environmentFiles.push({ path: mapPath(value.replace(/^-/, ''), paths), optional })
    }
  }
  if (resolved.command.length === 0) {
    throw new Error(`${file} has no ExecStart`)
  }
  return resolved
}

/**
 * An EnvironmentFile's assignments: `KEY=value` lines, # and ; comments,
 * values optionally in quotes.
 */
export function parseEnvironmentFile(text: string) {
  const values: Record<string, string> = {}
  for (const raw of text.split('\n')) {
    const line = raw.trim()
    if (line === '' || line.startsWith('#') || line.startsWith(';')) {
      continue
    }
    const match = line.match(/^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/)
    if (!match) {
      throw new Error(`not an environment file line: ${line}`)
    }
    values[match[1]] = match[2].replace(/^"(.*)"$|^'(.*)'$/, '$1$2')
  }
  return values
}

/**
 * The environment systemd gives the unit's process: its files first, then
 * Environment= (systemd applies EnvironmentFile= over Environment=, so a
 * file's value wins where both name a variable).
 */
export async function unitEnvironment(unit: ResolvedUnit) {
  let fromFiles: Record<string, string> = {}
  for (const { path, optional } of unit.environmentFiles) {
    const text = await readFile(path, 'utf8').catch((error) => {
      if (optional && error.code === 'ENOENT') {
        return ''
      }
      throw error
    })
    fromFiles = { ...fromFiles, ...parseEnvironmentFile(text) }
  }
  return { ...unit.environment, ...fromFiles }
}
