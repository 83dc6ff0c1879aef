import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import Region from '#models/schedule/region'
import ActivityType from '#models/schedule/activity_type'
import { schedulePerson } from '#tests/helpers/schedule_people'
import { createCrew, createProject, trash } from '#tests/helpers/schedule_records'
import { inertiaVisit } from '#tests/helpers/inertia_visits'

/*
 * Trash, lists and admin pages carry their first data as props, so the
 * first render shows it without a request after mount.
 */
test.group('schedule pages: first data as props', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the trash opens on projects; another tab is a partial reload of that kind', async ({
    client,
    assert,
  }) => {
    const { session, user } = await schedulePerson('staff')
    const project = await trash(await createProject('2031-05-05', '2031-05-07'))
    const crew = await trash(await createCrew({ name: 'Robin Gaffer' }))
    await createCrew({ name: 'Still Here' })

    const response = await inertiaVisit(client, '/trash', { session })
    const page = response.body()
    assert.equal(page.component, 'schedule/trash')
    assert.deepEqual(page.props.user, {
      userId: user.id,
      ssoUserId: 0,
      email: user.email,
      displayName: user.displayName,
      avatarUrl: null,
      role: 'staff',
    })
    assert.equal(page.props.type, 'projects')
    assert.deepEqual(page.props.items, [
      {
        id: project.id,
        name: project.name,
        deletedAt: project.deletedAt!.toISO(),
        purgeAt: project.deletedAt!.plus({ days: 30 }).toISO(),
        startDate: '2031-05-05',
        endDate: '2031-05-07',
      },
    ])

    const crewTab = await inertiaVisit(client, '/trash?tab=crew', {
      session,
      partial: { component: 'schedule/trash', only: ['type', 'items'] },
    })
    assert.deepEqual(Object.keys(crewTab.body().props).sort(), ['items', 'type'])
    assert.equal(crewTab.body().props.type, 'crew')
    assert.deepEqual(
      crewTab.body().props.items.map((item: { name: string }) => item.name),
      [crew.name]
    )

    const unknownTab = await inertiaVisit(client, '/trash?tab=nonsense', { session })
    assert.equal(unknownTab.body().props.type, 'projects')
  })

  test('the lists page carries the seven lists', async ({ client, assert }) => {
    const { session } = await schedulePerson('staff')
    await Region.create({ name: 'North', sortOrder: 0 })
    await ActivityType.create({ name: 'Shooting', color: '#1e3a8a', icon: 'camera' })

    const response = await inertiaVisit(client, '/settings', { session })
    const page = response.body()
    assert.equal(page.component, 'schedule/settings')
    assert.sameMembers(Object.keys(page.props.lookups), [
      'statuses',
      'projectStatuses',
      'crewRoles',
      'vendorTypes',
      'locationTypes',
      'regions',
      'activityTypes',
    ])
    assert.deepInclude(page.props.lookups.activityTypes[0], {
      name: 'Shooting',
      color: '#1e3a8a',
      icon: 'camera',
    })
    assert.include(
      page.props.lookups.regions.map((region: { name: string }) => region.name),
      'North'
    )
    assert.include(
      page.props.lookups.statuses.map((status: { name: string }) => status.name),
      'Confirmed'
    )
  })

  test('the admin page carries the people and the settings; staff get 403', async ({
    client,
    assert,
  }) => {
    const admin = await schedulePerson('admin')
    const staff = await schedulePerson('staff')

    const response = await inertiaVisit(client, '/admin', { session: admin.session })
    const page = response.body()
    assert.equal(page.component, 'schedule/admin')
    assert.sameMembers(
      page.props.people.map((person: { id: string }) => person.id),
      [admin.user.id, staff.user.id]
    )
    const api = await client.get('/api/admin/settings').withSession(admin.session)
    assert.deepEqual(page.props.settings, api.body())

    const refused = await inertiaVisit(client, '/admin', { session: staff.session })
    refused.assertStatus(403)
    assert.notInclude(refused.text(), admin.user.email)
  })
})
