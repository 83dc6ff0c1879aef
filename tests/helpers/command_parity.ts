import { readFile } from 'node:fs/promises'
import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import application from '@adonisjs/core/services/app'
import type { AppId } from '#services/shared/app_profiles'
import { APP_GUARDS, type AdminCommandTable } from '#services/shared/terminal/admin_command_table'
import { appRoutes } from '#tests/helpers/route_matrix'

function routeName(route: { method: string; pattern: string }) {
  return `${route.method} ${route.pattern}`
}

/** The app's commands as the kernel lists them (its namespace, and the shared jobs commands). */
function appCommandNames(appId: AppId) {
  return ace
    .getCommands()
    .map((command) => command.commandName)
    .filter((name) => name.startsWith(`${appId}:`))
}

/**
 * Every admin task on the web is also an Ace command (issue 32): the router's
 * admin routes against the table in admin_command_table.ts, and the app's
 * commands against docs/commands.md.
 */
export function commandParity(appId: AppId, table: AdminCommandTable) {
  test.group(`${appId} commands: parity with the admin routes`, (group) => {
    group.setup(async () => {
      // The kernel lists commands once its loaders have run.
      await ace.boot()
    })

    test('every route behind the admin guard has a command', ({ assert }) => {
      const missing = appRoutes()
        .filter((route) => route.guards.includes(APP_GUARDS[appId].admin))
        .map(routeName)
        .filter((name) => !(name in table))
      assert.deepEqual(
        missing,
        [],
        `admin routes with no command: add a command and map it in app/services/${appId}/admin_commands.ts`
      )
    })

    test('every entry names a route and commands that exist', ({ assert }) => {
      const routes = new Set(appRoutes().map(routeName))
      const commands = new Set(appCommandNames(appId))
      for (const [route, names] of Object.entries(table)) {
        assert.isTrue(routes.has(route), `${route} is in the table but not in the router`)
        assert.isAbove(names.length, 0, `${route} names no command`)
        for (const name of names) {
          assert.isTrue(commands.has(name), `${route} names ${name}, which is not a command`)
        }
      }
    })

    test('docs/commands.md shows every command with an example', async ({ assert }) => {
      const reference = await readFile(application.makePath('docs/commands.md'), 'utf8')
      const missing = appCommandNames(appId).filter(
        (name) =>
          !new RegExp(`node ace ${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w:-])`).test(
            reference
          )
      )
      assert.deepEqual(missing, [], 'commands missing from docs/commands.md')
    })
  })
}
