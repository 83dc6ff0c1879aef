import env from '#start/env'

/**
 * How the relying apps (transfer, schedule) keep their sessions in step with
 * sso (sso_sessions.ts): each session's sign-in is re-checked at most once
 * per `checkIntervalMs`, on a request; while sso cannot be reached, a session
 * confirmed within `graceMs` goes on (a blip signs nobody out), and one not
 * confirmed for longer ends.
 */
export const ssoSessionChecks = {
  checkIntervalMs: (env.get('SSO_SESSION_CHECK_SECONDS') ?? 60) * 1000,
  graceMs: (env.get('SSO_SESSION_GRACE_SECONDS') ?? 900) * 1000,
}
