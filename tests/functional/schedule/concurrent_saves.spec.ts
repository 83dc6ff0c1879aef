import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import type { ApiClient } from '@japa/api-client'
import AppSetting from '#models/schedule/app_setting'
import AssignmentDayNote from '#models/schedule/assignment_day_note'
import Project from '#models/schedule/project'
import ProjectDayInfo from '#models/schedule/project_day_info'
import { schedulePerson } from '#tests/helpers/schedule_people'
import {
  assignCrew,
  createCrew,
  createLocation,
  createProject,
} from '#tests/helpers/schedule_records'

/*
 * Saves that arrive at the same moment, as a page sends them when someone
 * types quickly through a row. These tests commit (no global transaction):
 * a transaction that wraps every request on one connection would queue the
 * requests one behind the other, and the races would never happen. Each test
 * removes what it wrote.
 */

const TIMES = 20

type Session = Record<string, string | number>

/** TIMES requests sent together; `request(i)` is the i-th one's address and body. */
function together(
  client: ApiClient,
  session: Session,
  method: 'put' | 'patch' | 'post',
  request: (index: number) => { url: string; body: Record<string, unknown> }
) {
  return Promise.all(
    Array.from({ length: TIMES }, (_, index) => {
      const { url, body } = request(index)
      return client[method](url).json(body).withSession(session).withCsrfToken()
    })
  )
}

test.group('schedule: saves at the same moment', (group) => {
  const made = { users: [] as string[], projects: [] as number[], crews: [] as number[] }
  const locations: number[] = []

  async function person(role: 'staff' | 'admin') {
    const { user, session } = await schedulePerson(role)
    made.users.push(user.id)
    return session
  }

  group.each.teardown(async () => {
    await db.from('activity_logs').whereIn('actor_id', made.users).delete()
    await db.from('projects').whereIn('id', made.projects).delete()
    await db.from('crews').whereIn('id', made.crews).delete()
    await db.from('locations').whereIn('id', locations).delete()
    await db.from('app_settings').delete()
    await db.from('app_users').whereIn('id', made.users).delete()
    made.users = []
    made.projects = []
    made.crews = []
    locations.length = 0
  })

  test('20 saves of different fields of new days all succeed and every field stays', async ({
    client,
    assert,
  }) => {
    const session = await person('staff')
    const project = await createProject('2031-03-01', '2031-03-04')
    made.projects.push(project.id)
    const location = await createLocation()
    locations.push(location.id)
    const fields = {
      title: 'Studio day',
      callTime: '07:30',
      wrapTime: '19:00',
      notes: 'Load in at the back door',
      locationId: location.id,
    }
    const keys = Object.keys(fields) as (keyof typeof fields)[]
    const days = ['2031-03-01', '2031-03-02', '2031-03-03', '2031-03-04']

    // Each day's five fields are saved at the same moment, one request each.
    const responses = await together(client, session, 'put', (index) => {
      const key = keys[index % keys.length]
      return {
        url: `/api/projects/${project.id}/day-info/${days[Math.floor(index / keys.length)]}`,
        body: { [key]: fields[key] },
      }
    })

    assert.deepEqual(
      responses.map((response) => response.status()),
      Array(TIMES).fill(200)
    )
    const rows = await ProjectDayInfo.query().where('project_id', project.id).orderBy('date')
    assert.deepEqual(
      rows.map((row) => ({
        date: row.date,
        title: row.title,
        callTime: row.callTime,
        wrapTime: row.wrapTime,
        notes: row.notes,
        locationId: row.locationId,
      })),
      days.map((date) => ({ date, ...fields }))
    )
  })

  test('20 saves of notes and worked flags of days all succeed and both stay', async ({
    client,
    assert,
  }) => {
    const session = await person('staff')
    const project = await createProject('2031-03-01', '2031-03-10')
    made.projects.push(project.id)
    const crew = await createCrew()
    made.crews.push(crew.id)
    const booking = await assignCrew(project, crew)
    const days = Array.from(
      { length: TIMES / 2 },
      (_, index) => `2031-03-${String(index + 1).padStart(2, '0')}`
    )

    // Each day gets a note and is taken off the booking at the same moment.
    const responses = await together(client, session, 'put', (index) => ({
      url: '/api/notes',
      body: {
        kind: 'crew',
        assignmentId: booking.id,
        date: days[Math.floor(index / 2)],
        ...(index % 2 === 0 ? { note: 'Arrives at noon' } : { isScheduled: false }),
      },
    }))

    assert.deepEqual(
      responses.map((response) => response.status()),
      Array(TIMES).fill(200)
    )
    const rows = await AssignmentDayNote.query().where('project_crew_id', booking.id)
    assert.deepEqual(
      rows
        .map((row) => ({ date: row.date, note: row.note, isScheduled: row.isScheduled }))
        .sort((a, b) => a.date.localeCompare(b.date)),
      days.map((date) => ({ date, note: 'Arrives at noon', isScheduled: false }))
    )
  })

  test('20 settings changes at once all succeed and every key keeps its value', async ({
    client,
    assert,
  }) => {
    const session = await person('admin')
    const values: Record<string, unknown> = {
      company_name: 'Acme Films',
      landing_title: 'Welcome',
      landing_message: 'Sign in with your work account.',
      week_starts_on: 0,
      default_calendar_view: 'week',
      default_calendar_mode: 'people',
      default_project_color: '#aa3300',
    }
    const keys = Object.keys(values)

    // Each request changes three keys, so every key is written by several at once.
    const responses = await together(client, session, 'patch', (index) => ({
      url: '/api/admin/settings',
      body: Object.fromEntries(
        [0, 1, 2].map((step) => keys[(index + step) % keys.length]).map((key) => [key, values[key]])
      ),
    }))

    assert.deepEqual(
      responses.map((response) => response.status()),
      Array(TIMES).fill(200)
    )
    const stored = await AppSetting.all()
    assert.deepEqual(Object.fromEntries(stored.map((row) => [row.key, row.value])), values)
  })

  test('a new first day and a new last day sent together never leave the project ending before it starts', async ({
    client,
    assert,
  }) => {
    const session = await person('staff')
    const project = await createProject('2031-05-01', '2031-05-10')
    made.projects.push(project.id)

    const responses = await together(client, session, 'patch', (index) => ({
      url: `/api/projects/${project.id}`,
      body: index % 2 === 0 ? { startDate: '2031-05-08' } : { endDate: '2031-05-03' },
    }))

    const statuses = responses.map((response) => response.status())
    assert.isTrue(
      statuses.every((status) => status === 200 || status === 422),
      String(statuses)
    )
    const stored = await Project.findOrFail(project.id)
    assert.isTrue(stored.startDate <= stored.endDate, `${stored.startDate} to ${stored.endDate}`)
    // One of the two changes won; every request of the other was refused.
    const refused = responses.filter((response) => response.status() === 422)
    assert.lengthOf(refused, TIMES / 2)
  })

  test('20 tasks added at once each get their own place at the end', async ({ client, assert }) => {
    const session = await person('staff')
    const project = await createProject('2031-03-02', '2031-03-04')
    made.projects.push(project.id)

    const responses = await together(client, session, 'post', (index) => ({
      url: '/api/project-tasks',
      body: { projectId: project.id, text: `Task ${index + 1}` },
    }))

    assert.deepEqual(
      responses.map((response) => response.status()),
      Array(TIMES).fill(201)
    )
    const rows = await db.from('project_tasks').where('project_id', project.id).select('sort_order')
    assert.sameMembers(
      rows.map((row) => row.sort_order),
      Array.from({ length: TIMES }, (_, index) => index + 1)
    )
  })

  test('20 people booked at once each get their own place on the roster', async ({
    client,
    assert,
  }) => {
    const session = await person('staff')
    const project = await createProject('2031-03-02', '2031-03-04')
    made.projects.push(project.id)
    const crews = []
    for (let index = 0; index < TIMES; index++) {
      const crew = await createCrew()
      made.crews.push(crew.id)
      crews.push(crew)
    }

    const responses = await Promise.all(
      crews.map((crew) =>
        client
          .post(`/api/projects/${project.id}/crew`)
          .json({ crewId: crew.id })
          .withSession(session)
          .withCsrfToken()
      )
    )

    assert.deepEqual(
      responses.map((response) => response.status()),
      Array(TIMES).fill(201)
    )
    const rows = await db.from('project_crew').where('project_id', project.id).select('sort_order')
    assert.sameMembers(
      rows.map((row) => row.sort_order),
      Array.from({ length: TIMES }, (_, index) => index + 1)
    )
  })
})
