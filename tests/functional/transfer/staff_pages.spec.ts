import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { DateTime } from 'luxon'
import env from '#start/env'
import { DownloadLogs } from '#services/transfer/download_logs'
import { StaffShares } from '#services/transfer/staff_shares'
import { TransferSettings } from '#services/transfer/transfer_settings'
import { inertiaVisit } from '#tests/helpers/inertia_visits'
import { storedUpload, transferPerson } from '#tests/helpers/stored_uploads'

const ORIGIN = `http://${env.get('HOST')}:${env.get('PORT')}`

test.group('transfer staff pages render with their data', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('without a session a staff page sends the visitor to sign in', async ({ client }) => {
    const response = await client.get('/admin/users').redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/api/auth/login')
  })

  test('the uploads page lists uploads for its query string', async ({ client, assert }) => {
    const { session } = await transferPerson('staff')
    const alpha = await storedUpload('aa', { fileName: 'alpha.mov' })
    await storedUpload('bbbb', { fileName: 'beta.mov' })
    // Two rows made in the same millisecond tie on created_at: alpha is the older one.
    alpha.createdAt = alpha.createdAt.minus({ minutes: 1 })
    await alpha.save()

    const first = await inertiaVisit(client, '/admin', { session: session })
    first.assertStatus(200)
    assert.equal(first.body().component, 'transfer/admin/uploads')
    assert.equal(first.body().props.user.userId, session.userId)
    assert.deepEqual(
      first.body().props.uploads.data.map((upload: { fileName: string }) => upload.fileName),
      ['beta.mov', 'alpha.mov']
    )
    assert.containsSubset(first.body().props.uploads.meta, { total: 2, page: 1 })

    const searched = await inertiaVisit(client, '/admin?search=alpha&sort=size&order=asc', {
      session,
      partial: { component: 'transfer/admin/uploads', only: ['listing', 'uploads'] },
    })
    assert.deepEqual(searched.body().props.listing, {
      search: 'alpha',
      sort: 'size',
      order: 'asc',
      page: 1,
    })
    assert.deepEqual(
      searched.body().props.uploads.data.map((upload: { fileName: string }) => upload.fileName),
      ['alpha.mov']
    )
    assert.notProperty(searched.body().props, 'user', 'a partial reload sends only what it asks')
  })

  test('each upload on the page says when the cleanup deletes it: its expiry, or its last live share', async ({
    client,
    assert,
  }) => {
    const { session } = await transferPerson('staff')
    const inDays = (days: number) => DateTime.now().plus({ days }).startOf('second')
    async function uploadExpiring(fileName: string, days: number | null) {
      const upload = await storedUpload('x', { fileName })
      upload.expiresAt = days === null ? null : inDays(days)
      await upload.save()
      return upload
    }
    const alone = await uploadExpiring('alone.mov', 3)
    const longerShare = await uploadExpiring('longer-share.mov', 1)
    // Read once: a second inDays(5) may fall in the next second.
    const longerShareEnds = inDays(5)
    await new StaffShares().create(
      longerShare.id,
      { expiresAt: longerShareEnds.toJSDate() },
      null,
      ORIGIN
    )
    const openShare = await uploadExpiring('open-share.mov', 1)
    await new StaffShares().create(openShare.id, { expiresInDays: 0 }, null, ORIGIN)
    const endedShare = await uploadExpiring('ended-share.mov', 2)
    await new StaffShares().create(
      endedShare.id,
      { expiresAt: inDays(-1).toJSDate() },
      null,
      ORIGIN
    )
    await uploadExpiring('kept.mov', null)

    const page = await inertiaVisit(client, '/admin', { session })
    const rows = Object.fromEntries(
      page
        .body()
        .props.uploads.data.map(
          (row: { fileName: string; deletesAt: string | null; keptByShare: boolean }) => [
            row.fileName,
            { deletesAt: row.deletesAt, keptByShare: row.keptByShare },
          ]
        )
    )
    assert.deepEqual(rows, {
      'alone.mov': { deletesAt: alone.expiresAt!.toUTC().toISO(), keptByShare: false },
      'longer-share.mov': { deletesAt: longerShareEnds.toUTC().toISO(), keptByShare: false },
      'open-share.mov': { deletesAt: null, keptByShare: true },
      'ended-share.mov': { deletesAt: endedShare.expiresAt!.toUTC().toISO(), keptByShare: false },
      'kept.mov': { deletesAt: null, keptByShare: false },
    })

    // The JSON route keeps its body: the deletion time is the page's alone.
    const api = await client.get('/api/public-uploads').withSession(session)
    assert.notProperty(api.body().data[0], 'deletesAt')
  })

  test('the shares page has the shares and the files a share can be made for', async ({
    client,
    assert,
  }) => {
    const { session } = await transferPerson('staff')
    const upload = await storedUpload('x', { fileName: 'cut.mov' })
    const share = await new StaffShares().create(upload.id, { password: 'pw' }, null, ORIGIN)

    const response = await inertiaVisit(client, `/admin/shares?upload=${upload.id}`, {
      session: session,
    })
    response.assertStatus(200)
    const props = response.body().props
    assert.lengthOf(props.shares, 1)
    assert.containsSubset(props.shares[0], { id: share.id, fileName: 'cut.mov', password: 'pw' })
    assert.deepEqual(props.shareableUploads, [{ id: upload.id, fileName: 'cut.mov' }])
    assert.equal(props.initialUploadId, upload.id)
    assert.equal(props.defaultExpiryDays, 7, 'the shipped default, named by the form')
  })

  test('the log page shows the downloads of the share it is filtered to', async ({
    client,
    assert,
  }) => {
    const { session } = await transferPerson('staff')
    const upload = await storedUpload('x', { fileName: 'cut.mov' })
    const share = await new StaffShares().create(upload.id, {}, null, ORIGIN)
    const logs = new DownloadLogs()
    const downloader = { ip: '203.0.113.9', userAgent: null, userId: null }
    await logs.record({ shareId: share.id, uploadId: upload.id, fileName: 'cut.mov' }, downloader)
    await logs.record({ shareId: null, uploadId: upload.id, fileName: 'cut.mov' }, downloader)

    const all = await inertiaVisit(client, '/admin/logs', { session: session })
    assert.lengthOf(all.body().props.logs.data, 2)

    const one = await inertiaVisit(client, `/admin/logs?shareId=${share.id}`, { session: session })
    assert.deepEqual(one.body().props.filter, { shareId: share.id, uploadId: null })
    assert.lengthOf(one.body().props.logs.data, 1)
    assert.equal(one.body().props.logs.data[0].shareId, share.id)
  })

  test('the users and settings pages have the people and the settings', async ({
    client,
    assert,
  }) => {
    const { session } = await transferPerson('staff', 'sam@example.com')
    await new TransferSettings().set('site_name', 'Acme Transfer')

    const users = await inertiaVisit(client, '/admin/users', { session: session })
    assert.deepEqual(
      users.body().props.people.map((person: { email: string }) => person.email),
      ['sam@example.com']
    )

    const settings = await inertiaVisit(client, '/admin/settings', { session: session })
    const siteName = settings
      .body()
      .props.settings.find((setting: { key: string }) => setting.key === 'site_name')
    assert.equal(siteName.value, 'Acme Transfer')
  })

  test('email templates and their previews reach admins only', async ({ client, assert }) => {
    const staff = await transferPerson('staff')
    const admin = await transferPerson('admin')

    const forStaff = await inertiaVisit(client, '/admin/email-templates', {
      session: staff.session,
    })
    assert.deepEqual(forStaff.body().props.templates, [])
    assert.deepEqual(forStaff.body().props.previews, {})

    const forAdmin = await inertiaVisit(client, '/admin/email-templates', {
      session: admin.session,
    })
    assert.include(
      forAdmin.body().props.templates.map((template: { type: string }) => template.type),
      'share_notification'
    )
    // The saved text's preview comes with the page: filled with sample data, HTML and text.
    const preview = forAdmin.body().props.previews.share_notification
    assert.notInclude(preview.subject, '{{')
    assert.include(preview.html, '<')
    assert.isString(preview.text)
  })
})
