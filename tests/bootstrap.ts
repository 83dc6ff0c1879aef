import { assert } from '@japa/assert'
import { apiClient } from '@japa/api-client'
import app from '@adonisjs/core/services/app'
import type { Config } from '@japa/runner/types'
import { pluginAdonisJS } from '@japa/plugin-adonisjs'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { sessionApiClient } from '@adonisjs/session/plugins/api_client'
import { shieldApiClient } from '@adonisjs/shield/plugins/api_client'
import { authApiClient } from '@adonisjs/auth/plugins/api_client'
import { browserClient } from '@japa/browser-client'
import { chromium } from 'playwright'
import { failOnStrayRejections, recordStrayRejections } from '#tests/helpers/stray_rejections'

/** Debian's Chromium, launched as the project's README and CI describe. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]

export const plugins: Config['plugins'] = [
  assert(),
  apiClient(),
  pluginAdonisJS(app),
  sessionApiClient(app),
  shieldApiClient(),
  authApiClient(app),
  browserClient({
    runInSuites: ['browser'],
    launcher: (config) =>
      chromium.launch({
        ...config,
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: CHROMIUM_ARGS,
      }),
  }),
]

export const runnerHooks: Required<Pick<Config, 'setup' | 'teardown'>> = {
  setup: [recordStrayRejections, () => testUtils.db().migrate()],
  teardown: [],
}

/*
 * Rate-limit counts live outside the tests' transactions (config/database.ts
 * says why), so each test starts with none, as it would in a fresh process.
 */
async function forgetRateLimits() {
  await db.connection('rate_limits').from('rate_limits').delete()
}

export const configureSuite: Config['configureSuite'] = (suite) => {
  suite.onGroup((group) => group.each.setup(forgetRateLimits))
  suite.onTest((test) => test.setup(forgetRateLimits))
  suite.onGroup((group) => group.each.teardown(failOnStrayRejections))
  suite.onTest((test) => test.teardown(failOnStrayRejections))
  if (suite.name === 'browser') {
    // Loaded only by a run with browser tests: it pulls in the stack and its OIDC provider.
    const browserStack = () => import('#tests/helpers/browser_stack')
    const forgetStackRateLimits = async () => {
      const { forgetSharedStackRateLimits } = await browserStack()
      await forgetSharedStackRateLimits()
    }
    suite.onGroup((group) => group.each.setup(forgetStackRateLimits))
    suite.onTest((test) => test.setup(forgetStackRateLimits))
    // The stack the browser files share stops once, after the last of them.
    suite.teardown(async () => {
      const { stopSharedBrowserStack } = await browserStack()
      await stopSharedBrowserStack()
    })
    suite.onGroup((group) =>
      group.each.setup(() => async (hasError: boolean) => {
        if (hasError) {
          const { printRecentStackOutput } = await browserStack()
          printRecentStackOutput()
        }
      })
    )
  }
  if (suite.name === 'functional') {
    return suite.setup(() => testUtils.httpServer().start())
  }
}

/**
 * Each app's run sees its own test folders only. The cross-app browser tests
 * (tests/browser/shared) run once, in the sso run, on the stack the run's
 * browser files share (tests/helpers/browser_stack.ts); so does the rehearsed
 * deployment (tests/deploy), which runs all three apps from the build.
 */
export function suitesFor(appId: string) {
  const folders = appId === 'sso' ? `{${appId},shared}` : appId
  const suites = (['unit', 'functional', 'browser'] as const).map((name) => ({
    name,
    files: [`tests/${name}/${folders}/**/*.spec.ts`],
    timeout: name === 'browser' ? 300_000 : name === 'functional' ? 30_000 : 5_000,
  }))
  if (appId !== 'sso') {
    return suites
  }
  return [...suites, { name: 'deploy', files: ['tests/deploy/**/*.spec.ts'], timeout: 180_000 }]
}
