import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { schedulePerson } from '#tests/helpers/schedule_people'

/** The page object Inertia sends to a client that asks for JSON. */
function inertiaPage(client: any, url: string, session: Record<string, unknown>) {
  return client
    .get(url)
    .header('x-inertia', 'true')
    .header('x-inertia-version', '1')
    .withSession(session)
    .redirects(0)
}

test.group('schedule pages', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('signed out, every page but the share viewer sends the visitor to /login', async ({
    client,
  }) => {
    for (const path of [
      '/calendar',
      '/projects/1',
      '/directory',
      '/conflicts',
      '/trash',
      '/settings',
      '/admin',
    ]) {
      const response = await client.get(path).redirects(0)
      response.assertStatus(302)
      response.assertHeader('location', '/login')
    }
    // The share viewer is public: an unknown link is the page's own "not found".
    const share = await client.get('/share/some-token').redirects(0)
    share.assertStatus(404)
    share.assertHeaderMissing('location')
  })

  test('signed in, / opens the calendar; staff cannot open /admin', async ({ client }) => {
    const { session } = await schedulePerson('staff')
    const home = await client.get('/').withSession(session).redirects(0)
    home.assertHeader('location', '/calendar')

    const admin = await client.get('/admin').withSession(session).redirects(0)
    admin.assertStatus(403)
  })

  test('the calendar opens with the admin settings for week start, view and mode', async ({
    client,
    assert,
  }) => {
    const { session: adminSession } = await schedulePerson('admin')
    const { session } = await schedulePerson('staff')

    const before = await inertiaPage(client, '/calendar', session)
    assert.deepEqual(before.body().props.preferences, {
      weekStartsOn: 1,
      defaultView: 'month',
      defaultMode: 'projects',
    })

    const saved = await client
      .patch('/api/admin/settings')
      .json({ week_starts_on: 0, default_calendar_view: 'week', default_calendar_mode: 'people' })
      .withSession(adminSession)
      .withCsrfToken()
    saved.assertStatus(200)

    const after = await inertiaPage(client, '/calendar', session)
    assert.equal(after.body().component, 'schedule/calendar')
    assert.deepEqual(after.body().props.preferences, {
      weekStartsOn: 0,
      defaultView: 'week',
      defaultMode: 'people',
    })
  })
})
