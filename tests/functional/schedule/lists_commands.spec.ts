import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import testUtils from '@adonisjs/core/services/test_utils'
import CrewRole from '#models/schedule/crew_role'
import Status from '#models/schedule/status'
import { runCommand } from '#tests/helpers/ace_commands'
import { schedulePerson } from '#tests/helpers/schedule_people'

async function namesOf(list: typeof CrewRole | typeof Status) {
  const rows = await list.query().orderBy('sort_order').orderBy('name').orderBy('id')
  return rows.map((row) => row.name)
}

/*
 * schedule:lists:* work the seven reference lists through the API's
 * service, validators and transformer: what the Lists page does, from a
 * terminal.
 */
test.group('schedule:lists commands', (group) => {
  group.setup(() => {
    ace.ui.switchMode('raw')
    return () => ace.ui.switchMode('normal')
  })
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('show prints a table, and --json is what GET /api/<list> answers', async ({
    client,
    assert,
  }) => {
    const table = await runCommand('schedule:lists:show', ['statuses'])
    assert.equal(table.exitCode, 0, table.output)
    assert.match(table.output, /Pencilled[\s\S]*Confirmed[\s\S]*Asked[\s\S]*Declined/)
    assert.include(table.output, 'Books the person')

    const { session } = await schedulePerson('staff')
    for (const list of ['statuses', 'project-statuses', 'regions', 'activity-types']) {
      const json = await runCommand('schedule:lists:show', [list, '--json'])
      assert.equal(json.exitCode, 0, json.output)
      const api = await client.get(`/api/${list}`).withSession(session)
      assert.deepEqual(JSON.parse(json.output), api.body(), list)
    }

    const unknown = await runCommand('schedule:lists:show', ['colours'])
    assert.equal(unknown.exitCode, 1)
    assert.include(unknown.output, 'No list colours; the lists are statuses, project-statuses')
  })

  test('add, rename, update and reorder as the API does; a duplicate name is refused', async ({
    assert,
  }) => {
    const gaffer = await runCommand('schedule:lists:add', [
      'crew-roles',
      'Gaffer',
      '--color=#AA0000',
    ])
    assert.equal(gaffer.exitCode, 0, gaffer.output)
    assert.include(gaffer.output, 'Added the crew role Gaffer')
    const saved = await CrewRole.findByOrFail('name', 'Gaffer')
    assert.equal(saved.color, '#aa0000')
    await runCommand('schedule:lists:add', ['crew-roles', 'Grip'])
    await runCommand('schedule:lists:add', ['crew-roles', 'Runner'])

    const duplicate = await runCommand('schedule:lists:add', ['crew-roles', 'gaffer'])
    assert.equal(duplicate.exitCode, 1)
    assert.include(duplicate.output, 'A crew role named "gaffer" already exists')
    const badColour = await runCommand('schedule:lists:add', ['regions', 'North', '--color=red'])
    assert.equal(badColour.exitCode, 1)
    assert.lengthOf(badColour.output.split('\n'), 1)
    const noIcon = await runCommand('schedule:lists:add', ['regions', 'North', '--icon=x'])
    assert.equal(noIcon.exitCode, 1)
    assert.include(noIcon.output, 'A region has no --icon')
    const blank = await runCommand('schedule:lists:add', ['regions', '  '])
    assert.equal(blank.exitCode, 1)

    const renamed = await runCommand('schedule:lists:rename', ['crew-roles', 'GRIP', 'Key grip'])
    assert.equal(renamed.exitCode, 0, renamed.output)
    assert.include(renamed.output, 'The crew role Grip is now Key grip')
    const taken = await runCommand('schedule:lists:rename', ['crew-roles', 'Key grip', 'Gaffer'])
    assert.equal(taken.exitCode, 1)
    assert.include(taken.output, 'already exists')
    const missing = await runCommand('schedule:lists:rename', ['crew-roles', 'Boom', 'Boom op'])
    assert.equal(missing.exitCode, 1)
    assert.include(missing.output, 'No crew role Boom')
    const missingId = await runCommand('schedule:lists:rename', ['crew-roles', '999999', 'X'])
    assert.equal(missingId.exitCode, 1)

    const status = await Status.findByOrFail('name', 'Asked')
    const madeDefault = await runCommand('schedule:lists:update', [
      'statuses',
      String(status.id),
      '--default',
      '--no-books-person',
    ])
    assert.equal(madeDefault.exitCode, 0, madeDefault.output)
    const defaults = await Status.query().where('is_default', true)
    assert.deepEqual(
      defaults.map((row) => row.name),
      ['Asked']
    )
    const nothing = await runCommand('schedule:lists:update', ['statuses', 'Asked'])
    assert.equal(nothing.exitCode, 2)

    const reordered = await runCommand('schedule:lists:reorder', ['crew-roles', 'Runner', 'Gaffer'])
    assert.equal(reordered.exitCode, 0, reordered.output)
    const names = await namesOf(CrewRole)
    assert.deepEqual(names.slice(0, 2), ['Runner', 'Gaffer'])
    assert.include(names, 'Key grip')
    const twice = await runCommand('schedule:lists:reorder', ['crew-roles', 'Runner', 'runner'])
    assert.equal(twice.exitCode, 1)
    assert.include(twice.output, 'List every crew role exactly once')
    assert.deepEqual(await namesOf(CrewRole), names)
  })

  test('remove asks first, needs --force off a terminal, and takes the entry', async ({
    assert,
  }) => {
    await runCommand('schedule:lists:add', ['vendor-types', 'Catering'])
    const refused = await runCommand('schedule:lists:remove', ['vendor-types', 'Catering'])
    assert.equal(refused.exitCode, 1)
    assert.include(refused.output, 'not on a terminal, so run it again with --force')

    const Remove = await ace.find('schedule:lists:remove')
    const declined = await ace.create(Remove, ['vendor-types', 'catering'])
    declined.prompt
      .trap('Remove the vendor type Catering (what uses it is left without one)?')
      .reject()
    await declined.exec()
    assert.equal(declined.exitCode, 1)

    const { default: VendorType } = await import('#models/schedule/vendor_type')
    assert.isNotNull(await VendorType.findBy('name', 'Catering'))
    const removed = await runCommand('schedule:lists:remove', [
      'vendor-types',
      'Catering',
      '--force',
    ])
    assert.equal(removed.exitCode, 0, removed.output)
    assert.isNull(await VendorType.findBy('name', 'Catering'))
    const again = await runCommand('schedule:lists:remove', ['vendor-types', 'Catering', '--force'])
    assert.equal(again.exitCode, 1)
    assert.include(again.output, 'No vendor type Catering')
  })
})
