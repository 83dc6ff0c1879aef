import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import ProjectTask from '#models/schedule/project_task'
import { inertiaVisit } from '#tests/helpers/inertia_visits'
import { schedulePerson } from '#tests/helpers/schedule_people'
import {
  assignCrew,
  createCrew,
  createProject,
  createVendor,
  trash,
} from '#tests/helpers/schedule_records'

test.group('schedule project and directory pages: first data as props', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('GET /projects/:id carries the project, its roster, tasks and activity', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const project = await createProject('2031-05-01', '2031-05-03', { name: 'Harbour shoot' })
    const crew = await createCrew({ name: 'Ada Grip' })
    await assignCrew(project, crew)
    await ProjectTask.create({ projectId: project.id, text: 'Book the van', sortOrder: 0 })

    const response = await inertiaVisit(client, `/projects/${project.id}`, { session })
    response.assertStatus(200)
    const page = response.body()
    assert.equal(page.component, 'schedule/project')
    const props = page.props
    assert.equal(props.project.name, 'Harbour shoot')
    assert.equal(props.project.startDate, '2031-05-01')
    assert.deepEqual(
      props.roster.map((entry: any) => [entry.kind, entry.name]),
      [['crew', 'Ada Grip']]
    )
    assert.deepEqual(
      props.tasks.map((task: any) => task.text),
      ['Book the van']
    )
    assert.deepEqual(props.shareLinks, [])
    assert.deepEqual(props.conflicts, [])
    assert.deepEqual(props.activity.meta, { total: 0, perPage: 20, currentPage: 1, lastPage: 1 })
    assert.isArray(props.lookups.statuses)
  })

  test('a project in the trash opens the page without a project', async ({ client, assert }) => {
    const { session } = await schedulePerson('staff')
    const project = await createProject('2031-05-01', '2031-05-01')
    await trash(project)

    const response = await inertiaVisit(client, `/projects/${project.id}`, { session })
    response.assertStatus(200)
    assert.isNull(response.body().props.project)
  })

  test('the directory opens on a tab with its records; a partial reload sends only what it asks', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    await createCrew({ name: 'Bea Sparks' })
    await createVendor({ name: 'Lens Hire Ltd' })

    const first = await inertiaVisit(client, '/directory', { session })
    first.assertStatus(200)
    assert.equal(first.body().props.tab, 'crew')
    assert.include(
      first.body().props.records.map((record: any) => record.name),
      'Bea Sparks'
    )

    const partial = await inertiaVisit(client, '/directory?tab=vendors', {
      session,
      partial: { component: 'schedule/directory', only: ['tab', 'records'] },
    })
    partial.assertStatus(200)
    const props = partial.body().props
    assert.sameMembers(
      Object.keys(props).filter((key) => key !== 'errors'),
      ['tab', 'records']
    )
    assert.equal(props.tab, 'vendors')
    assert.deepEqual(
      props.records.map((record: any) => record.name),
      ['Lens Hire Ltd']
    )
  })
})
