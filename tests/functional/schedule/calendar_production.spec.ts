import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ModelAttributes } from '@adonisjs/lucid/types/model'
import Activity from '#models/schedule/activity'
import ActivityType from '#models/schedule/activity_type'
import ProjectDayInfo from '#models/schedule/project_day_info'
import type Project from '#models/schedule/project'
import { inertiaVisit } from '#tests/helpers/inertia_visits'
import { schedulePerson } from '#tests/helpers/schedule_people'
import { createLocation, createProject, trash } from '#tests/helpers/schedule_records'

/*
 * What the calendar's day and week views receive of the production days:
 * each project's day info (title, call and wrap, location) and, in the day
 * view, its activities, in the page's `production` prop.
 */

function dayInfo(project: Project, date: string, fields: Partial<ModelAttributes<ProjectDayInfo>>) {
  return ProjectDayInfo.create({ projectId: project.id, date, ...fields })
}

function activity(
  project: Project,
  date: string,
  fields: Partial<ModelAttributes<Activity>> & { name: string; startTime: string }
) {
  return Activity.create({ projectId: project.id, date, ...fields })
}

type Production = {
  days: { projectId: number; date: string; title: string | null }[]
  activities: { projectId: number; date: string; name: string }[]
}

test.group('calendar: production days in the day and week views', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test("the day view carries each project's day info and activities in the order of the day", async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const quay = await createLocation({
      name: 'Harbour quay',
      address: '1 Quay Street',
      lat: 51.5,
      lng: -0.12,
    })
    const shoot = await createProject('2025-05-05', '2025-05-07', { name: 'Shoot' })
    const recce = await createProject('2025-05-06', '2025-05-06', { name: 'Recce' })
    await dayInfo(shoot, '2025-05-06', {
      title: 'Quay scenes',
      callTime: '07:00',
      wrapTime: '19:30',
      notes: 'Tide at noon',
      locationId: quay.id,
    })
    // Another day of the same project is not this day's.
    await dayInfo(shoot, '2025-05-07', { title: 'Studio' })
    const camera = await ActivityType.create({ name: 'Camera', color: '#ff0000', icon: 'camera' })
    await activity(shoot, '2025-05-06', { name: 'Lunch', startTime: '12:30', endTime: '13:30' })
    await activity(shoot, '2025-05-06', {
      name: 'Crew call',
      startTime: '07:00',
      endTime: null,
      marker: 'start',
    })
    await activity(shoot, '2025-05-06', {
      name: 'Quay scene',
      startTime: '08:00',
      endTime: '12:00',
      activityTypeId: camera.id,
    })
    await activity(recce, '2025-05-06', { name: 'Walk the site', startTime: '10:00' })
    await activity(shoot, '2025-05-07', { name: 'Studio build', startTime: '08:00' })

    const response = await inertiaVisit(
      client,
      '/calendar?view=day&mode=projects&date=2025-05-06',
      {
        session,
      }
    )
    response.assertStatus(200)
    const { production, people } = response.body().props
    assert.deepEqual(production.days, [
      {
        projectId: shoot.id,
        date: '2025-05-06',
        title: 'Quay scenes',
        callTime: '07:00',
        wrapTime: '19:30',
        notes: 'Tide at noon',
        location: {
          id: quay.id,
          name: 'Harbour quay',
          address: '1 Quay Street',
          lat: 51.5,
          lng: -0.12,
        },
      },
    ])
    assert.deepEqual(
      production.activities.map((each: { projectId: number; name: string }) => [
        each.projectId,
        each.name,
      ]),
      [
        [shoot.id, 'Crew call'],
        [shoot.id, 'Quay scene'],
        [recce.id, 'Walk the site'],
        [shoot.id, 'Lunch'],
      ]
    )
    assert.containsSubset(production.activities[0], {
      date: '2025-05-06',
      startTime: '07:00',
      endTime: null,
      marker: 'start',
      type: null,
    })
    assert.containsSubset(production.activities[1], {
      startTime: '08:00',
      endTime: '12:00',
      type: { id: camera.id, name: 'Camera', color: '#ff0000', icon: 'camera' },
    })
    // Who works that day still comes with it.
    assert.sameMembers(
      people.projects.map((project: { id: number }) => project.id),
      [shoot.id, recce.id]
    )
  })

  test('the people day view carries the same production days', async ({ client, assert }) => {
    const { session } = await schedulePerson('staff')
    const shoot = await createProject('2025-05-05', '2025-05-07', { name: 'Shoot' })
    await dayInfo(shoot, '2025-05-05', { title: 'Day one', callTime: '06:30' })
    await activity(shoot, '2025-05-05', { name: 'Rehearsal', startTime: '09:00' })

    const response = await inertiaVisit(client, '/calendar?view=day&mode=people&date=2025-05-05', {
      session,
      partial: { component: 'schedule/calendar', only: ['place', 'people', 'production'] },
    })
    response.assertStatus(200)
    const production: Production = response.body().props.production
    assert.deepEqual(
      production.days.map((day) => [day.projectId, day.title]),
      [[shoot.id, 'Day one']]
    )
    assert.deepEqual(
      production.activities.map((each) => each.name),
      ['Rehearsal']
    )
  })

  test("the projects week carries every project's days of the week, without activities", async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    // Weeks start on Monday by default: 5 to 11 May 2025.
    const shoot = await createProject('2025-05-02', '2025-05-06', { name: 'Shoot' })
    const edit = await createProject('2025-05-11', '2025-05-14', { name: 'Edit' })
    await dayInfo(shoot, '2025-05-02', { title: 'Before the week' })
    await dayInfo(shoot, '2025-05-05', { title: 'Harbour', callTime: '07:00' })
    await dayInfo(shoot, '2025-05-06', { title: 'Studio', callTime: '08:00' })
    await dayInfo(edit, '2025-05-11', { title: 'Assembly' })
    await dayInfo(edit, '2025-05-12', { title: 'After the week' })
    await activity(shoot, '2025-05-05', { name: 'Crew call', startTime: '07:00' })

    const response = await inertiaVisit(
      client,
      '/calendar?view=week&mode=projects&date=2025-05-07',
      { session }
    )
    response.assertStatus(200)
    const { place, projects, production } = response.body().props
    assert.containsSubset(place, { from: '2025-05-05', to: '2025-05-11' })
    assert.deepEqual(
      projects.map((project: { name: string }) => project.name),
      ['Shoot', 'Edit']
    )
    assert.deepEqual(
      (production as Production).days.map((day) => [day.date, day.projectId, day.title]),
      [
        ['2025-05-05', shoot.id, 'Harbour'],
        ['2025-05-06', shoot.id, 'Studio'],
        ['2025-05-11', edit.id, 'Assembly'],
      ]
    )
    assert.containsSubset(production.days[0], { callTime: '07:00', location: null })
    assert.deepEqual(production.activities, [])

    // The month and the other weeks draw bars only: no production days to read.
    for (const view of ['month', 'two_weeks', 'year']) {
      const other = await inertiaVisit(
        client,
        `/calendar?view=${view}&mode=projects&date=2025-05-07`,
        {
          session,
        }
      )
      assert.notProperty(other.body().props, 'production', view)
    }
    const peopleWeek = await inertiaVisit(
      client,
      '/calendar?view=week&mode=people&date=2025-05-07',
      {
        session,
      }
    )
    assert.notProperty(peopleWeek.body().props, 'production')
  })

  test('nothing from projects in the trash, trashed locations or days a project no longer runs on', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const kept = await createProject('2025-05-05', '2025-05-07', { name: 'Kept' })
    const binned = await createProject('2025-05-05', '2025-05-07', { name: 'Binned' })
    const moved = await createProject('2025-05-01', '2025-05-03', { name: 'Moved' })
    const gone = await createLocation({ name: 'Demolished studio' })
    await dayInfo(kept, '2025-05-06', { title: 'Kept day', locationId: gone.id })
    await dayInfo(binned, '2025-05-06', { title: 'Binned day' })
    // Written while Moved ran on 6 May; it has since moved to 1 to 3 May.
    await dayInfo(moved, '2025-05-06', { title: 'Old day' })
    await activity(kept, '2025-05-06', { name: 'Kept call', startTime: '07:00' })
    await activity(binned, '2025-05-06', { name: 'Binned call', startTime: '07:00' })
    await activity(moved, '2025-05-06', { name: 'Old call', startTime: '07:00' })
    await trash(binned)
    await trash(gone)

    const response = await inertiaVisit(
      client,
      '/calendar?view=day&mode=projects&date=2025-05-06',
      {
        session,
      }
    )
    const production = response.body().props.production
    assert.deepEqual(
      production.days.map((day: { title: string; location: unknown }) => [day.title, day.location]),
      [['Kept day', null]]
    )
    assert.deepEqual(
      production.activities.map((each: { name: string }) => each.name),
      ['Kept call']
    )
  })

  test('only a signed-in person gets the production days', async ({ client, assert }) => {
    const shoot = await createProject('2025-05-05', '2025-05-07', { name: 'Shoot' })
    await dayInfo(shoot, '2025-05-06', { title: 'Secret set' })

    for (const partial of [undefined, { component: 'schedule/calendar', only: ['production'] }]) {
      const response = await inertiaVisit(
        client,
        '/calendar?view=day&mode=projects&date=2025-05-06',
        { partial }
      )
      response.assertStatus(302)
      response.assertHeader('location', '/login')
      assert.notInclude(response.text(), 'Secret set')
    }

    const { session } = await schedulePerson('staff')
    const signedIn = await inertiaVisit(
      client,
      '/calendar?view=day&mode=projects&date=2025-05-06',
      {
        session,
        partial: { component: 'schedule/calendar', only: ['production'] },
      }
    )
    signedIn.assertStatus(200)
    assert.deepEqual(
      signedIn.body().props.production.days.map((day: { title: string }) => day.title),
      ['Secret set']
    )
  })
})
