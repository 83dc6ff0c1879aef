import type { AppId } from '#services/shared/app_profiles'

/**
 * Every admin task on the web is also an Ace command. Each app keeps one
 * table, in app/services/<app>/admin_commands.ts. A route is written as
 * "METHOD /pattern", as the router has it; its value names the commands that
 * do the same from a terminal. An admin page maps to the command that lists
 * what the page shows.
 *
 * tests/functional/<app>/command_parity.spec.ts reads the router and fails
 * when a route behind the app's admin guard is missing here, when an entry
 * names a route or a command that does not exist, and when a command of the
 * app is missing from docs/commands.md. Staff routes that are admin work in
 * practice (transfer's uploads, shares and download log) are listed too.
 */
export type AdminCommandTable = Record<string, string[]>

/** The guards of each app in start/kernel.ts: signed in, and admin. */
export const APP_GUARDS: Record<AppId, { signedIn: string; admin: string }> = {
  sso: { signedIn: 'ssoAuth', admin: 'ssoAdmin' },
  transfer: { signedIn: 'transferAuth', admin: 'transferAdmin' },
  schedule: { signedIn: 'scheduleAuth', admin: 'scheduleAdmin' },
}
