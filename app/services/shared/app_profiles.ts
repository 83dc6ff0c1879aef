/**
 * The three apps of the suite and what makes each process distinct. This file
 * has no framework imports because the stack launcher reads it before any
 * AdonisJS process exists.
 */
export const APP_IDS = ['sso', 'transfer', 'schedule'] as const
export type AppId = (typeof APP_IDS)[number]

export interface AppProfile {
  id: AppId
  title: string
  defaultPort: number
  database: string
  sessionCookie: string
  /** Key of the JSON error body the app's spec documents. */
  errorKey: 'error' | 'message'
  /** Where the relying app's SSO callback lives (transfer and schedule only). */
  callbackPath: string | null
}

export const APP_PROFILES: Record<AppId, AppProfile> = {
  sso: {
    id: 'sso',
    title: 'Sign-in',
    defaultPort: 3333,
    database: 'sso',
    sessionCookie: 'connect.sid',
    errorKey: 'message',
    callbackPath: null,
  },
  transfer: {
    id: 'transfer',
    title: 'Transfer',
    defaultPort: 5000,
    database: 'transfer',
    sessionCookie: 'sessionId',
    errorKey: 'error',
    callbackPath: '/auth/callback',
  },
  schedule: {
    id: 'schedule',
    title: 'Schedule',
    defaultPort: 3334,
    database: 'schedule',
    sessionCookie: 'schedule.sid',
    errorKey: 'message',
    callbackPath: '/auth/callback',
  },
}

export function isAppId(value: unknown): value is AppId {
  return typeof value === 'string' && (APP_IDS as readonly string[]).includes(value)
}

/** Reads APP_ID from the environment and fails loudly when it is missing or wrong. */
export function currentAppId(env: NodeJS.ProcessEnv = process.env): AppId {
  const value = env.APP_ID
  if (!isAppId(value)) {
    throw new Error(
      `APP_ID must be one of ${APP_IDS.join(', ')} (got ${value === undefined ? 'nothing' : JSON.stringify(value)})`
    )
  }
  return value
}
