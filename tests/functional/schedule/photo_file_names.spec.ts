import sharp from 'sharp'
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import LocationPhoto from '#models/schedule/location_photo'
import { schedulePerson } from '#tests/helpers/schedule_people'
import { createLocation } from '#tests/helpers/schedule_records'

// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const BIDI_OR_CONTROL = /[\u0000-\u001f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/

test.group('schedule: photo names keep no bidirectional characters', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a location photo sent as "photo<RLO>gpj.exe.jpg" is stored and listed without the override', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const location = await createLocation()
    const bytes = await sharp({
      create: { width: 64, height: 48, channels: 3, background: '#2563eb' },
    })
      .jpeg()
      .toBuffer()
    const response = await client
      .post(`/api/locations/${location.id}/photos`)
      .withSession(session)
      .withCsrfToken()
      .file('photos', bytes, { filename: '\u2066photo\u202Egpj.exe\u2069.jpg' })
    response.assertStatus(201)
    const [sent] = response.body() as { id: number; originalName: string }[]
    assert.equal(sent.originalName, 'photogpj.exe.jpg')

    const stored = await LocationPhoto.findOrFail(sent.id)
    assert.equal(stored.originalName, 'photogpj.exe.jpg')
    const listed = await client.get(`/api/locations/${location.id}/photos`).withSession(session)
    listed.assertStatus(200)
    for (const photo of listed.body() as { originalName: string }[]) {
      assert.notMatch(photo.originalName, BIDI_OR_CONTROL)
    }
  })
})
