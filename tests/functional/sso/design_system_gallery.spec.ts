import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { freePort } from '#services/shared/local_stack'
import { inertiaVisit } from '#tests/helpers/inertia_visits'
import { setEnvValue, withEnv } from '#tests/helpers/test_env'

const run = promisify(execFile)

test.group('design system gallery and the brand prop', () => {
  test('outside production the gallery is a page with the default brand', async ({ client }) => {
    const response = await inertiaVisit(client, '/design-system')
    response.assertStatus(200)
    response.assertBodyContains({
      component: 'sso/design_system',
      props: { brand: { name: 'Production Suite', logoUrl: null } },
    })
  })

  test('the brand comes from BRAND_NAME and BRAND_LOGO_URL', async ({ client }) => {
    await withEnv(
      { BRAND_NAME: 'Harbour Films', BRAND_LOGO_URL: 'https://cdn.example.com/harbour.svg' },
      async () => {
        const response = await inertiaVisit(client, '/design-system')
        response.assertBodyContains({
          props: {
            brand: { name: 'Harbour Films', logoUrl: 'https://cdn.example.com/harbour.svg' },
          },
        })
      }
    )
  })

  test('in production the gallery does not exist', async ({ client }) => {
    await withEnv({ NODE_ENV: 'production' }, async () => {
      const page = await client.get('/design-system').header('accept', 'text/html')
      page.assertStatus(404)
      page.assertTextIncludes('This page does not exist.')
      const visit = await inertiaVisit(client, '/design-system')
      visit.assertStatus(404)
    })
  })

  test('DESIGN_SYSTEM_GALLERY turns it on in production, or off anywhere', async ({ client }) => {
    // As start/env.ts parses it: a boolean.
    try {
      setEnvValue('DESIGN_SYSTEM_GALLERY', true)
      await withEnv({ NODE_ENV: 'production' }, async () => {
        const visit = await inertiaVisit(client, '/design-system')
        visit.assertStatus(200)
        visit.assertBodyContains({ component: 'sso/design_system' })
      })
      setEnvValue('DESIGN_SYSTEM_GALLERY', false)
      const hidden = await inertiaVisit(client, '/design-system')
      hidden.assertStatus(404)
    } finally {
      setEnvValue('DESIGN_SYSTEM_GALLERY', undefined)
    }
  })

  test('an app does not start with a logo address that is not http(s)', async ({ assert }) => {
    // Were the address accepted, the server would run until the timeout kills it.
    const outcome = await run(process.execPath, ['--import=@poppinss/ts-exec', 'bin/server.ts'], {
      cwd: app.makePath(),
      env: {
        ...process.env,
        PORT: String(await freePort()),
        BRAND_LOGO_URL: 'javascript:alert(1)',
      },
      timeout: 45_000,
    }).then(
      () => null,
      (error: { code: number; stderr: string; stdout: string }) => error
    )
    assert.isNotNull(outcome, 'the app started')
    assert.include(
      `${outcome!.stderr}${outcome!.stdout}`,
      'BRAND_LOGO_URL must be an http or https address'
    )
  }).timeout(60_000)
})
