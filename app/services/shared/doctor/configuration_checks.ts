import proxyAddr from 'proxy-addr'
import { Secret } from '@adonisjs/core/helpers'
import env, { startupProblems } from '#start/env'
import { APP_PROFILES, type AppId } from '#services/shared/app_profiles'
import { failed, ok, skipped, type DoctorCheck } from '#services/shared/doctor/doctor_check'
import { settingProblems, type SettingProblem } from '#services/shared/doctor/setting_problems'

/** An environment value as text, read now (tests change settings while the app runs). */
export function setting(name: string): string | undefined {
  const value = env.get(name as never) as unknown
  const text = value instanceof Secret ? value.release() : (value as string | number | undefined)
  return text === undefined || text === '' ? undefined : String(text)
}

export function nodeEnv() {
  return setting('NODE_ENV') ?? 'development'
}

/** The placeholder the deploy/env/*.env.example files put where a real value belongs. */
const PLACEHOLDER = /change-me/i

/** The names start/env.ts knows, to look for placeholders among them. */
const SETTINGS_WITH_VALUES = () =>
  Object.keys(process.env).filter((name) => /^[A-Z][A-Z0-9_]*$/.test(name))

const LOOPBACK_HOSTS = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\]|::1|[\w.-]+\.localhost)$/i

function isLoopback(host: string) {
  return LOOPBACK_HOSTS.test(host)
}

/**
 * The settings the app refuses to start with (start/env.ts): those this
 * process was booted with, and those of the moment.
 */
export const requiredSettingsCheck: DoctorCheck = {
  area: 'configuration',
  name: 'Required settings',
  async run() {
    const problems: SettingProblem[] = []
    for (const problem of [...startupProblems, ...settingProblems(setting)]) {
      if (!problems.some((known) => known.problem === problem.problem)) {
        problems.push(problem)
      }
    }
    if (problems.length === 0) {
      return ok(`everything ${setting('APP_ID')} needs to start is set`)
    }
    return failed(
      problems.map((problem) => problem.problem).join('; '),
      problems.map((problem) => problem.fix).join('; ')
    )
  },
}

/** A value copied from deploy/env/*.env.example and never replaced. */
export const placeholderCheck: DoctorCheck = {
  area: 'configuration',
  name: 'No example values left',
  async run() {
    const left = SETTINGS_WITH_VALUES().filter((name) => PLACEHOLDER.test(setting(name) ?? ''))
    if (left.length === 0) {
      return ok('no setting still holds an example value (change-me)')
    }
    return failed(
      `${left.join(', ')} still hold${left.length === 1 ? 's' : ''} the example value (change-me)`,
      `replace ${left.length === 1 ? 'it' : 'them'} with the real value${left.length === 1 ? '' : 's'}; secrets with random ones of 32+ characters`
    )
  },
}

/** APP_URL, the address in every link the app sends, suits NODE_ENV. */
export const appUrlCheck: DoctorCheck = {
  area: 'configuration',
  name: 'APP_URL for NODE_ENV',
  async run() {
    const value = setting('APP_URL')
    const production = nodeEnv() === 'production'
    if (!value) {
      return production
        ? failed(
            'APP_URL is not set, so links in mail point at localhost',
            'set APP_URL to the public https address, e.g. https://sso.example.com'
          )
        : ok(`not set: links point at http://localhost:${listeningPort()} (${nodeEnv()})`)
    }
    const url = URL.parse(value)
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      return failed(
        `APP_URL "${value}" is not an http(s) address`,
        'set APP_URL to the public address, e.g. https://sso.example.com'
      )
    }
    if (url.pathname !== '/' || url.search || url.hash) {
      return failed(
        `APP_URL "${value}" has a path; the app is served at the root of its host`,
        `set APP_URL to ${url.origin}`
      )
    }
    if (production && url.protocol !== 'https:') {
      return failed(
        `APP_URL ${value} is not https in production: cookies are secure-only there, so nobody could sign in`,
        `serve the app through an https proxy (deploy/Caddyfile) and set APP_URL=https://${url.host}`
      )
    }
    return ok(`${url.origin} (${nodeEnv()})`)
  },
}

function listeningPort() {
  return Number(setting('PORT') ?? APP_PROFILES[setting('APP_ID') as AppId].defaultPort)
}

/**
 * APP_URL reaches this process: directly (its host and port are the ones
 * the app listens on) or through a reverse proxy the app trusts.
 */
export const appUrlReachCheck: DoctorCheck = {
  area: 'configuration',
  name: 'APP_URL vs PORT, HOST and the proxy',
  async run() {
    const url = URL.parse(setting('APP_URL') ?? '')
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      return skipped('no APP_URL to compare')
    }
    const port = listeningPort()
    const host = setting('HOST') ?? '0.0.0.0'
    const urlPort = Number(url.port || (url.protocol === 'https:' ? 443 : 80))
    const trusted = setting('TRUSTED_PROXIES') ?? 'loopback,linklocal,uniquelocal'
    if (urlPort === port) {
      if (url.protocol === 'https:') {
        return failed(
          `APP_URL ${url.origin} is https on the app's own port ${port}, but the app speaks plain HTTP`,
          `let an https proxy (deploy/Caddyfile) forward to port ${port} and set APP_URL=https://${url.hostname}`
        )
      }
      if (isLoopback(host) && !isLoopback(url.hostname)) {
        return failed(
          `HOST=${host} takes connections from this machine only, but APP_URL names ${url.host}`,
          `set HOST=0.0.0.0, or put a reverse proxy in front and drop the port from APP_URL`
        )
      }
      return ok(`served directly on port ${port}`)
    }
    if (isLoopback(url.hostname) && url.protocol === 'http:') {
      return failed(
        `APP_URL ${url.origin} names port ${urlPort}, but the app listens on ${port} (PORT)`,
        `set APP_URL=http://${url.hostname}:${port}, or PORT=${urlPort}`
      )
    }
    /*
     * Another port: a reverse proxy forwards to the app. On a loopback HOST
     * it runs on this machine, and the app believes its X-Forwarded-* only
     * when it trusts loopback.
     */
    if (isLoopback(host)) {
      const trusts = proxyAddr.compile(
        trusted
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean)
      )
      if (!trusts('127.0.0.1', 0) && !trusts('::1', 0)) {
        return failed(
          `the proxy in front of HOST=${host} connects from this machine, but TRUSTED_PROXIES=${trusted} does not include loopback`,
          'add loopback to TRUSTED_PROXIES (e.g. TRUSTED_PROXIES=loopback)'
        )
      }
    }
    return ok(`${url.origin} through a proxy to ${host}:${port} (trusted: ${trusted})`)
  },
}

export const configurationChecks = [
  requiredSettingsCheck,
  placeholderCheck,
  appUrlCheck,
  appUrlReachCheck,
]
