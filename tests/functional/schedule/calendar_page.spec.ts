import { DateTime } from 'luxon'
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { inertiaVisit } from '#tests/helpers/inertia_visits'
import { schedulePerson } from '#tests/helpers/schedule_people'
import {
  assignCrew,
  createClient,
  createCrew,
  createProject,
  trash,
} from '#tests/helpers/schedule_records'

test.group('calendar and conflicts pages', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test("the calendar opens with the range's projects and conflicts as props", async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const shoot = await createProject('2025-05-05', '2025-05-07', { name: 'Shoot' })
    const recce = await createProject('2025-05-06', '2025-05-06', { name: 'Recce' })
    await createProject('2025-07-01', '2025-07-02', { name: 'Later' })
    const zoe = await createCrew({ name: 'Zoe' })
    await assignCrew(shoot, zoe)
    await assignCrew(recce, zoe)

    const response = await inertiaVisit(
      client,
      '/calendar?view=month&mode=projects&date=2025-05-14',
      { session }
    )
    response.assertStatus(200)
    const page = response.body()
    assert.equal(page.component, 'schedule/calendar')
    // Weeks start on Monday by default: May 2025's grid runs from 28 April to 1 June.
    assert.deepEqual(page.props.place, {
      view: 'month',
      mode: 'projects',
      date: '2025-05-14',
      from: '2025-04-28',
      to: '2025-06-01',
      startsThisWeek: false,
    })
    assert.deepEqual(
      page.props.projects.map((project: { name: string }) => project.name),
      ['Shoot', 'Recce']
    )
    assert.containsSubset(page.props.projects[0], {
      id: shoot.id,
      startDate: '2025-05-05',
      endDate: '2025-05-07',
    })
    assert.lengthOf(page.props.conflicts, 1)
    assert.containsSubset(page.props.conflicts[0], {
      kind: 'crew',
      resourceName: 'Zoe',
      date: '2025-05-06',
      projectIds: [shoot.id, recce.id].sort((a, b) => a - b),
      resolution: null,
    })
    assert.notProperty(page.props, 'people')
    assert.properties(page.props, ['user', 'preferences', 'lookups'])
  })

  test('moving to another range reloads only the asked props', async ({ client, assert }) => {
    const { session } = await schedulePerson('staff')
    const zoe = await createCrew({ name: 'Zoe' })
    const later = await createProject('2025-07-01', '2025-07-02', { name: 'Later' })
    await assignCrew(later, zoe)

    const response = await inertiaVisit(
      client,
      '/calendar?view=month&mode=people&date=2025-07-01',
      {
        session,
        partial: {
          component: 'schedule/calendar',
          only: ['place', 'people', 'projects', 'conflicts'],
        },
      }
    )
    response.assertStatus(200)
    const props = response.body().props
    // People mode draws no project bars: their props are left out, and so is everything not asked for.
    assert.sameMembers(
      Object.keys(props).filter((key) => key !== 'errors'),
      ['place', 'people']
    )
    assert.deepEqual(props.place, {
      view: 'month',
      mode: 'people',
      date: '2025-07-01',
      from: '2025-07-01',
      to: '2025-07-31',
      startsThisWeek: false,
    })
    assert.deepEqual(
      props.people.projects.map((project: { name: string }) => project.name),
      ['Later']
    )
    assert.containsSubset(props.people.people, [{ kind: 'crew', id: zoe.id, name: 'Zoe' }])
    assert.lengthOf(props.people.bookings, 1)
  })

  test('the people month opened without a date starts at this week, so today is near the left', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const today = DateTime.utc().toISODate()!
    // Weeks start on Monday by default.
    const monday = DateTime.utc().startOf('week').toISODate()!
    const inFiveWeeks = DateTime.utc().startOf('week').plus({ days: 34 }).toISODate()!
    const zoe = await createCrew({ name: 'Zoe' })
    const late = await createProject(inFiveWeeks, inFiveWeeks, { name: 'Fifth week' })
    await assignCrew(late, zoe)

    const page = await inertiaVisit(client, '/calendar?view=month&mode=people', { session })
    page.assertStatus(200)
    const { place, people } = page.body().props
    assert.deepEqual(place, {
      view: 'month',
      mode: 'people',
      date: today,
      from: monday,
      to: inFiveWeeks,
      startsThisWeek: true,
    })
    assert.deepEqual(
      people.projects.map((project: { name: string }) => project.name),
      ['Fifth week']
    )

    // With a date in the address it is that month, 1st to last, as before.
    const dated = await inertiaVisit(client, `/calendar?view=month&mode=people&date=${today}`, {
      session,
    })
    const month = DateTime.fromISO(today, { zone: 'utc' })
    assert.containsSubset(dated.body().props.place, {
      from: month.startOf('month').toISODate(),
      to: month.endOf('month').toISODate(),
      startsThisWeek: false,
    })
    // The projects month keeps its whole-weeks grid of the month.
    const projects = await inertiaVisit(client, '/calendar?view=month&mode=projects', { session })
    assert.containsSubset(projects.body().props.place, {
      from: month.startOf('month').startOf('week').toISODate(),
      startsThisWeek: false,
    })
  })

  test("a project bar carries its client's name and crew count; the API's shape stays", async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const acme = await createClient({ name: 'Acme Films' })
    const shoot = await createProject('2025-05-05', '2025-05-07', {
      name: 'Shoot',
      clientId: acme.id,
    })
    await createProject('2025-05-06', '2025-05-06', { name: 'Recce' })
    await assignCrew(shoot, await createCrew({ name: 'Zoe' }))
    await assignCrew(shoot, await createCrew({ name: 'Yan' }))
    const gone = await createCrew({ name: 'Gone' })
    await assignCrew(shoot, gone)
    await trash(gone)

    const page = await inertiaVisit(client, '/calendar?view=month&mode=projects&date=2025-05-14', {
      session,
    })
    assert.deepEqual(
      page
        .body()
        .props.projects.map((bar: { name: string; clientName: string; crewCount: number }) => [
          bar.name,
          bar.clientName,
          bar.crewCount,
        ]),
      [
        ['Shoot', 'Acme Films', 2],
        ['Recce', null, 0],
      ]
    )
    const api = await client
      .get('/api/calendar/people?from=2025-05-01&to=2025-05-31')
      .withSession(session)
    assert.notProperty(api.body().projects[0], 'clientName')
    assert.notProperty(api.body().projects[0], 'crewCount')
  })

  test('the calendar knows a first start: no projects, no people', async ({ client, assert }) => {
    const { session } = await schedulePerson('staff')
    const setup = async () => {
      const page = await inertiaVisit(client, '/calendar?view=month&mode=projects', { session })
      return page.body().props.setup
    }
    assert.deepEqual(await setup(), { hasProjects: false, hasPeople: false })
    await createCrew({ name: 'Zoe' })
    assert.deepEqual(await setup(), { hasProjects: false, hasPeople: true })
    const project = await createProject('2025-05-05', '2025-05-07')
    assert.deepEqual(await setup(), { hasProjects: true, hasPeople: true })
    // A project in the trash is not planned work.
    await trash(project)
    assert.deepEqual(await setup(), { hasProjects: false, hasPeople: true })
  })

  test('the calendar carries the clients a new project can be for, in any mode', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const acme = await createClient({ name: 'Acme Films' })

    for (const mode of ['projects', 'people']) {
      const response = await inertiaVisit(client, `/calendar?view=month&mode=${mode}`, { session })
      response.assertStatus(200)
      const clients = response.body().props.clients
      assert.include(
        clients.map((listed: { id: number }) => listed.id),
        acme.id
      )
      const api = await client.get('/api/clients').withSession(session)
      assert.deepEqual(clients, api.body())
    }
  })

  test('the conflicts page opens with the period in the address and its conflicts', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const shoot = await createProject('2025-05-05', '2025-05-07', { name: 'Shoot' })
    const recce = await createProject('2025-05-06', '2025-05-06', { name: 'Recce' })
    const zoe = await createCrew({ name: 'Zoe' })
    await assignCrew(shoot, zoe)
    await assignCrew(recce, zoe)

    const page = await inertiaVisit(client, '/conflicts?from=2025-05-01&to=2025-05-31', { session })
    page.assertStatus(200)
    assert.equal(page.body().component, 'schedule/conflicts')
    assert.deepEqual(page.body().props.range, { from: '2025-05-01', to: '2025-05-31' })
    assert.deepEqual(
      page.body().props.conflicts.map((conflict: { date: string }) => conflict.date),
      ['2025-05-06']
    )

    const elsewhere = await inertiaVisit(client, '/conflicts?from=2025-06-01&to=2025-06-30', {
      session,
      partial: { component: 'schedule/conflicts', only: ['range', 'conflicts'] },
    })
    assert.deepEqual(elsewhere.body().props.conflicts, [])
    assert.notProperty(elsewhere.body().props, 'user')
  })
})
