import { readFile } from 'node:fs/promises'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { appUrl } from '#config/app'
import {
  GUIDE_SOURCE,
  README_END,
  README_START,
  withGuideInReadme,
} from '#services/sso/integration_guide'

test.group('sso GET /api/integration-guide', () => {
  test('returns the guide as markdown, with the service address filled in', async ({
    client,
    assert,
  }) => {
    const source = await readFile(app.makePath(GUIDE_SOURCE), 'utf8')
    const response = await client.get('/api/integration-guide')
    response.assertStatus(200)
    const body = response.body()
    assert.deepEqual(Object.keys(body).sort(), ['content', 'format', 'title'])
    assert.equal(body.format, 'markdown')
    assert.equal(body.title, 'Integrating an app with sso')
    assert.equal(body.content, source.replaceAll('{base_url}', appUrl))
    assert.notInclude(body.content, '{base_url}')
    for (const topic of [
      '/authorize',
      'state',
      '/api/apps/validate-token',
      '/api/auth/exchange',
      '/logout?redirect_to=',
      '/api/embed/token',
      '/embed?token=',
      'ax:ready',
      'ax:resize',
      'ax:profile-updated',
      'ax:password-changed',
      'ax:set-theme',
      '/.well-known/jwks.json',
      'SSO_API_KEY',
      'SSO_SECRET_KEY',
      'SSO_REDIRECT_URI',
      'SESSION_SECRET',
      'DATABASE_URL',
    ]) {
      assert.include(body.content, topic)
    }
  })

  test("README.md carries the guide's current text between its markers", async ({ assert }) => {
    const source = await readFile(app.makePath(GUIDE_SOURCE), 'utf8')
    const readme = await readFile(app.makePath('README.md'), 'utf8')
    assert.include(readme, README_START)
    assert.include(readme, README_END)
    assert.equal(
      withGuideInReadme(readme, source),
      readme,
      'README.md is out of date: run `APP_ID=sso node ace sso:docs:sync`'
    )
  })
})
