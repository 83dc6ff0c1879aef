import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { DateTime } from 'luxon'
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import ace from '@adonisjs/core/services/ace'
import testUtils from '@adonisjs/core/services/test_utils'
import AppSetting from '#models/schedule/app_setting'
import Crew from '#models/schedule/crew'
import Feedback from '#models/schedule/feedback'
import MessageTemplate from '#models/schedule/message_template'
import Project from '#models/schedule/project'
import { FeedbackScreenshots } from '#services/schedule/feedback/feedback_screenshots'
import { runCommand } from '#tests/helpers/ace_commands'
import { schedulePerson } from '#tests/helpers/schedule_people'
import { createCrew, createProject, createVendor, trash } from '#tests/helpers/schedule_records'

type Session = Record<string, string | number>

/** What `path` answers an admin: the body the command's --json must equal. */
async function apiBody(client: ApiClient, session: Session, path: string) {
  const response = await client.get(path).withSession(session)
  response.assertStatus(200)
  return response.body()
}

async function jsonOf(command: string, argv: string[]) {
  const result = await runCommand(command, [...argv, '--json'])
  if (result.exitCode !== 0) {
    throw new Error(`${command} failed: ${result.output}`)
  }
  return JSON.parse(result.output)
}

/*
 * The admin page's tasks from a terminal: settings, the trash, templates,
 * display names, the invite form's email check, screenshots, and the JSON
 * of every list, equal to what the API answers for the same data.
 */
test.group('schedule admin task commands', (group) => {
  group.setup(() => {
    ace.ui.switchMode('raw')
    return () => ace.ui.switchMode('normal')
  })
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('schedule:settings:list and :set read and change the settings as the API does', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('admin')
    const named = await runCommand('schedule:settings:set', ['company_name', 'Northlight Films'])
    assert.equal(named.exitCode, 0, named.output)
    const week = await runCommand('schedule:settings:set', ['week_starts_on', '0'])
    assert.equal(week.exitCode, 0, week.output)

    const table = await runCommand('schedule:settings:list', [])
    assert.match(table.output, /company_name.*Northlight Films/)
    const settings = await apiBody(client, session, '/api/admin/settings')
    assert.deepEqual(await jsonOf('schedule:settings:list', []), settings)
    assert.equal(settings.settings.week_starts_on, 0)

    const badColour = await runCommand('schedule:settings:set', ['default_project_color', 'red'])
    assert.equal(badColour.exitCode, 1)
    assert.lengthOf(badColour.output.split('\n'), 1)
    const unknown = await runCommand('schedule:settings:set', ['theme', 'dark'])
    assert.equal(unknown.exitCode, 1)
    assert.include(unknown.output, 'No setting theme; the settings are company_name')
    const noValue = await runCommand('schedule:settings:set', ['company_name'])
    assert.equal(noValue.exitCode, 2)
    const notSecret = await runCommand('schedule:settings:set', ['company_name', '--generate'])
    assert.equal(notSecret.exitCode, 1)

    const generated = await runCommand('schedule:settings:set', ['backup_secret', '--generate'])
    assert.equal(generated.exitCode, 0, generated.output)
    const secret = generated.output.split('\n').at(-1)!
    assert.match(secret, /^[\w-]{43}$/)
    const stored = await AppSetting.findByOrFail('key', 'backup_secret')
    assert.equal(stored.value, secret)
    const listed = await runCommand('schedule:settings:list', [])
    assert.notInclude(listed.output, secret)
    assert.match(listed.output, /backup_secret.*\(set\)/)

    const unset = await runCommand('schedule:settings:set', ['company_name', '--unset'])
    assert.equal(unset.exitCode, 0)
    assert.isNull(await AppSetting.findBy('key', 'company_name'))
  })

  test('schedule:trash:list, :restore, :delete and :cleanup --dry-run', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const crew = await trash(await createCrew({ name: 'Tia Trashed' }))
    const vendor = await trash(await createVendor({ name: 'Old Vans' }))
    const longAgo = DateTime.now().minus({ days: 31 })
    const old = await createProject('2030-01-01', '2030-01-02', { deletedAt: longAgo })

    const table = await runCommand('schedule:trash:list', [])
    assert.equal(table.exitCode, 0, table.output)
    assert.match(table.output, /crew.*Tia Trashed/)
    assert.match(table.output, /vendors.*Old Vans/)
    for (const type of ['crew', 'projects']) {
      assert.deepEqual(
        await jsonOf('schedule:trash:list', [type]),
        await apiBody(client, session, `/api/trash/${type}`)
      )
    }
    const all = await jsonOf('schedule:trash:list', [])
    assert.deepEqual(Object.keys(all), ['projects', 'crew', 'vendors', 'locations'])
    const badType = await runCommand('schedule:trash:list', ['clients'])
    assert.equal(badType.exitCode, 1)

    const restored = await runCommand('schedule:trash:restore', ['crew', String(crew.id)])
    assert.equal(restored.exitCode, 0, restored.output)
    assert.include(restored.output, 'The crew member Tia Trashed')
    const back = await Crew.findOrFail(crew.id)
    assert.isNull(back.deletedAt)
    const notThere = await runCommand('schedule:trash:restore', ['crew', String(crew.id)])
    assert.equal(notThere.exitCode, 1)
    assert.include(notThere.output, `No crew member #${crew.id} in the trash`)

    const unforced = await runCommand('schedule:trash:delete', ['vendors', String(vendor.id)])
    assert.equal(unforced.exitCode, 1)
    assert.include(unforced.output, 'run it again with --force')
    const purged = await runCommand('schedule:trash:delete', [
      'vendors',
      String(vendor.id),
      '--force',
    ])
    assert.equal(purged.exitCode, 0, purged.output)
    assert.lengthOf(await apiBody(client, session, '/api/trash/vendors'), 0)

    const preview = await runCommand('schedule:trash:cleanup', ['--dry-run'])
    assert.equal(preview.exitCode, 0, preview.output)
    assert.match(preview.output, new RegExp(`projects.*${old.id}.*${old.name}`))
    assert.include(preview.output, '1 item(s) would be removed for good; nothing was changed')
    assert.isNotNull(await Project.find(old.id))
    const unforcedCleanup = await runCommand('schedule:trash:cleanup', [])
    assert.equal(unforcedCleanup.exitCode, 1)
    assert.isNotNull(await Project.find(old.id))

    // On a terminal the operator is asked, and a yes removes it.
    const Cleanup = await ace.find('schedule:trash:cleanup')
    const asked = await ace.create(Cleanup, [])
    asked.prompt.trap('Remove 1 item(s) deleted more than 30 days ago for good?').accept()
    await asked.exec()
    assert.equal(asked.exitCode, 0)
    assert.isNull(await Project.find(old.id))
  })

  test('schedule:messages:templates:update edits as PATCH does; --json and delete --force', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('admin')
    const template = await MessageTemplate.create({
      name: 'Hold',
      kind: 'email',
      subject: 'Are you free?',
      body: 'Hi {{firstName}}, are you free?',
      isDefault: false,
    })
    const updated = await runCommand('schedule:messages:templates:update', [
      String(template.id),
      '--name=Hold request',
      '--subject=',
      '--make-default',
    ])
    assert.equal(updated.exitCode, 0, updated.output)
    await template.refresh()
    assert.equal(template.name, 'Hold request')
    assert.isNull(template.subject)
    assert.isTrue(template.isDefault)

    assert.deepEqual(
      await jsonOf('schedule:messages:templates', []),
      await apiBody(client, session, '/api/message-templates')
    )
    const refused = await runCommand('schedule:messages:templates:update', [
      String(template.id),
      '--name=Two\nlines',
    ])
    assert.equal(refused.exitCode, 1)
    assert.lengthOf(refused.output.split('\n'), 1)
    const nothing = await runCommand('schedule:messages:templates:update', [String(template.id)])
    assert.equal(nothing.exitCode, 2)
    const missing = await runCommand('schedule:messages:templates:update', ['999999', '--name=X'])
    assert.equal(missing.exitCode, 1)
    assert.include(missing.output, 'Template not found')

    const unforced = await runCommand('schedule:messages:templates', [
      String(template.id),
      '--delete',
    ])
    assert.equal(unforced.exitCode, 1)
    assert.isNotNull(await MessageTemplate.find(template.id))
  })

  test('schedule:users:rename, :lookup and :list --json answer as the admin API', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('admin', 'boss@example.com')
    await schedulePerson('staff', 'kim.lee@example.com')

    const renamed = await runCommand('schedule:users:rename', [
      'KIM.LEE@example.com',
      'Kim Lee-Park',
    ])
    assert.equal(renamed.exitCode, 0, renamed.output)
    assert.include(renamed.output, 'kim.lee@example.com is now called Kim Lee-Park')
    const blank = await runCommand('schedule:users:rename', ['kim.lee@example.com', ' '])
    assert.equal(blank.exitCode, 1)
    const nobody = await runCommand('schedule:users:rename', ['no@example.com', 'No One'])
    assert.equal(nobody.exitCode, 1)

    assert.deepEqual(
      await jsonOf('schedule:users:list', []),
      await apiBody(client, session, '/api/admin/users')
    )
    for (const email of ['kim.lee@example.com', 'new@example.com']) {
      assert.deepEqual(
        await jsonOf('schedule:users:lookup', [email]),
        await apiBody(client, session, `/api/auth/lookup-email?email=${email}`)
      )
    }
    const shown = await runCommand('schedule:users:lookup', ['kim.lee@example.com'])
    assert.include(shown.output, 'Kim Lee-Park')
    const notAnEmail = await runCommand('schedule:users:lookup', ['kim'])
    assert.equal(notAnEmail.exitCode, 1)
  })

  test('schedule:feedback:screenshot saves the image; feedback, taskboard and calendar --json', async ({
    client,
    assert,
  }) => {
    const { user, session } = await schedulePerson('admin')
    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: '#d00000' },
    })
      .png()
      .toBuffer()
    const stored = await new FeedbackScreenshots().store(png)
    const fields = {
      userId: user.id,
      reporterName: user.displayName,
      reporterEmail: user.email,
      category: 'bug',
      description: 'The week is wrong',
      status: 'new',
      taskboardAttempts: 0,
    } as const
    const withShot = await Feedback.create({
      ...fields,
      screenshotKey: stored.key,
      screenshotType: stored.contentType,
      screenshotWidth: stored.width,
      screenshotHeight: stored.height,
      screenshotSize: stored.size,
    })
    const without = await Feedback.create(fields)

    const folder = await mkdtemp(join(tmpdir(), 'screenshot-'))
    try {
      const out = join(folder, 'shot.png')
      const saved = await runCommand('schedule:feedback:screenshot', [
        String(withShot.id),
        `--out=${out}`,
      ])
      assert.equal(saved.exitCode, 0, saved.output)
      const api = await client.get(`/api/feedback/${withShot.id}/screenshot`).withSession(session)
      assert.deepEqual(await readFile(out), api.response.body as Buffer)
      const again = await runCommand('schedule:feedback:screenshot', [
        String(withShot.id),
        `--out=${out}`,
      ])
      assert.equal(again.exitCode, 1)
      assert.include(again.output, 'exists')
      await writeFile(out, 'old')
      const forced = await runCommand('schedule:feedback:screenshot', [
        String(withShot.id),
        `--out=${out}`,
        '--force',
      ])
      assert.equal(forced.exitCode, 0)
      const overwritten = await readFile(out)
      assert.equal(overwritten.length, stored.size)
      const none = await runCommand('schedule:feedback:screenshot', [
        String(without.id),
        `--out=${join(folder, 'none.png')}`,
      ])
      assert.equal(none.exitCode, 1)
      assert.include(none.output, 'Screenshot not found')
    } finally {
      await rm(folder, { recursive: true, force: true })
    }

    assert.deepEqual(
      await jsonOf('schedule:feedback:list', []),
      await apiBody(client, session, '/api/feedback')
    )
    const unforced = await runCommand('schedule:feedback:delete', [String(without.id)])
    assert.equal(unforced.exitCode, 1)
    assert.isNotNull(await Feedback.find(without.id))

    assert.deepEqual(
      await jsonOf('schedule:taskboard:status', []),
      await apiBody(client, session, '/api/admin/taskboard/status')
    )
    assert.deepEqual(
      await jsonOf('schedule:calendar:setup', []),
      await apiBody(client, session, '/api/admin/calsync/status')
    )
  })

  test('schedule:messages:groups and :status --json answer as the messaging API', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const crew = await createCrew({ name: 'Ned Later', email: 'ned@example.com' })
    const saved = await client
      .post('/api/message-groups')
      .json({ name: 'Lighting', members: [{ resourceType: 'crew', resourceId: crew.id }] })
      .withSession(session)
      .withCsrfToken()
    saved.assertStatus(201)
    assert.deepEqual(
      await jsonOf('schedule:messages:groups', []),
      await apiBody(client, session, '/api/message-groups')
    )
    assert.deepEqual(
      await jsonOf('schedule:messages:groups', [String(saved.body().id)]),
      saved.body()
    )

    const message = await client
      .post('/api/messages')
      .json({
        audience: { crewIds: [crew.id] },
        subject: 'Next week',
        body: 'Free?',
        channel: 'email',
        sendAt: DateTime.now().plus({ hours: 2 }).toUTC().toISO(),
      })
      .withSession(session)
      .withCsrfToken()
    message.assertStatus(201)
    const id = String(message.body().id)
    assert.deepEqual(
      await jsonOf('schedule:messages:status', [id]),
      await apiBody(client, session, `/api/messages/${id}`)
    )
  })
})
