import { createHash } from 'node:crypto'
import ical, { type VEvent } from 'node-ical'
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import testUtils from '@adonisjs/core/services/test_utils'
import { appUrl } from '#config/app'
import ActivityLog from '#models/schedule/activity_log'
import AssignmentDayNote from '#models/schedule/assignment_day_note'
import CalendarFeed from '#models/schedule/calendar_feed'
import ProjectDayInfo from '#models/schedule/project_day_info'
import ProjectStatus from '#models/schedule/project_status'
import Status from '#models/schedule/status'
import { addDays, today } from '#services/schedule/projects/project_days'
import { schedulePerson } from '#tests/helpers/schedule_people'
import {
  assignCrew,
  assignVendor,
  createClient,
  createCrew,
  createLocation,
  createProject,
  createVendor,
  trash,
} from '#tests/helpers/schedule_records'

type Agent = ApiClient

/** A feed address made through the API, as the share panel makes it. */
async function makeFeed(client: Agent, resourceType: 'crew' | 'vendor', resourceId: number) {
  const { session } = await schedulePerson('staff')
  const response = await client
    .post('/api/calendar-feeds')
    .json({ resourceType, resourceId })
    .withSession(session)
    .withCsrfToken()
  response.assertStatus(201)
  return { session, feed: response.body() as { id: number; url: string } }
}

function feedPath(url: string) {
  return new URL(url).pathname
}

/** The status a calendar app gets for a feed address. */
async function fetchStatus(client: Agent, path: string) {
  const response = await client.get(path)
  return response.status()
}

/** The events of a feed, parsed back by an independent parser, by start day. */
function eventsOf(body: string) {
  const events = Object.values(ical.sync.parseICS(body)).filter(
    (component): component is VEvent => component?.type === 'VEVENT'
  )
  return events.sort((a, b) => a.start.getTime() - b.start.getTime())
}

/** An all-day date as node-ical gives it (a local midnight), as 'YYYY-MM-DD'. */
function dayOf(date: Date) {
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

test.group('schedule calendar feeds: making and revoking', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('staff make a crew member an address, shown once; only its hash is kept', async ({
    client,
    assert,
  }) => {
    const crew = await createCrew()
    const { session, feed } = await makeFeed(client, 'crew', crew.id)
    const token = /\/ical\/([A-Za-z0-9_-]{43})\.ics$/.exec(feed.url)?.[1]
    assert.isString(token)
    assert.isTrue(feed.url.startsWith(`${appUrl}/ical/`))

    const row = await CalendarFeed.findOrFail(feed.id)
    assert.equal(row.tokenHash, createHash('sha256').update(token!).digest('hex'))
    const rows = await CalendarFeed.query().where('id', feed.id).pojo()
    const stored = JSON.stringify(rows)
    assert.notInclude(stored, token!)
    const logged = await ActivityLog.query().where('entity_type', 'calendar_feed')
    assert.deepEqual(
      logged.map((entry) => entry.action),
      ['create']
    )

    const shown = await client
      .get(`/api/calendar-feeds?resourceType=crew&resourceId=${crew.id}`)
      .withSession(session)
    shown.assertStatus(200)
    assert.containsSubset(shown.body().feed, { id: feed.id, resourceType: 'crew', fetchCount: 0 })
    assert.notProperty(shown.body().feed, 'url')
    assert.notInclude(JSON.stringify(shown.body()), token!)

    const opened = await client.get(feedPath(feed.url))
    opened.assertStatus(200)
  })

  test('a new address revokes the old one; a revoked, unknown or malformed token is 404', async ({
    client,
    assert,
  }) => {
    const vendor = await createVendor()
    const { session, feed: first } = await makeFeed(client, 'vendor', vendor.id)
    const { feed: second } = await makeFeed(client, 'vendor', vendor.id)
    assert.equal(await fetchStatus(client, feedPath(first.url)), 404)
    assert.equal(await fetchStatus(client, feedPath(second.url)), 200)

    const revoked = await client
      .delete(`/api/calendar-feeds/${second.id}`)
      .withSession(session)
      .withCsrfToken()
    revoked.assertStatus(200)
    assert.deepEqual(revoked.body(), { success: true })
    const gone = await client.get(feedPath(second.url))
    gone.assertStatus(404)
    assert.equal(gone.text(), 'Calendar feed not found')
    const again = await client
      .delete(`/api/calendar-feeds/${second.id}`)
      .withSession(session)
      .withCsrfToken()
    again.assertStatus(404)

    assert.equal(await fetchStatus(client, `/ical/${'A'.repeat(43)}.ics`), 404)
    assert.equal(await fetchStatus(client, '/ical/not-a-token.ics'), 404)
    assert.equal(await fetchStatus(client, feedPath(second.url).replace('.ics', '')), 404)
    const listed = await client
      .get(`/api/calendar-feeds?resourceType=vendor&resourceId=${vendor.id}`)
      .withSession(session)
    assert.isNull(listed.body().feed)
  })

  test('a person in the trash has no feed, none can be made for them, and deleting them ends it', async ({
    client,
    assert,
  }) => {
    const crew = await createCrew()
    const { session, feed } = await makeFeed(client, 'crew', crew.id)
    await trash(crew)
    assert.equal(await fetchStatus(client, feedPath(feed.url)), 404)
    const refused = await client
      .post('/api/calendar-feeds')
      .json({ resourceType: 'crew', resourceId: crew.id })
      .withSession(session)
      .withCsrfToken()
    refused.assertStatus(422)
    assert.equal(refused.body().errors[0].field, 'resourceId')

    // Deleted for good, the person takes their feed along.
    const { session: admin } = await schedulePerson('admin')
    const purged = await client
      .delete(`/api/trash/crew/${crew.id}`)
      .withSession(admin)
      .withCsrfToken()
    purged.assertStatus(200)
    assert.isNull(await CalendarFeed.find(feed.id))
  })

  test('managing feeds needs a session; the feed itself sets no cookie', async ({
    client,
    assert,
  }) => {
    const crew = await createCrew()
    const list = await client.get(`/api/calendar-feeds?resourceType=crew&resourceId=${crew.id}`)
    list.assertStatus(401)
    assert.deepEqual(list.body(), { message: 'Not authenticated' })
    const made = await client
      .post('/api/calendar-feeds')
      .json({ resourceType: 'crew', resourceId: crew.id })
      .withCsrfToken()
    made.assertStatus(401)
    const revoked = await client.delete('/api/calendar-feeds/1').withCsrfToken()
    revoked.assertStatus(401)
    assert.lengthOf(await CalendarFeed.all(), 0)

    const { feed } = await makeFeed(client, 'crew', crew.id)
    const opened = await client.get(feedPath(feed.url))
    assert.isUndefined(opened.header('set-cookie'))
  })
})

test.group('schedule calendar feeds: the iCalendar text', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('one all-day event per worked day, RFC 5545 as an independent parser reads it back', async ({
    client,
    assert,
  }) => {
    const start = addDays(today(), 10)
    // Commas, semicolons, a backslash, a newline and long UTF-8 text: escaping and folding.
    const name = 'Ski film; “Zoë’s” café, north\\south — ' + 'é🎬'.repeat(30)
    const crew = await createCrew({ name: 'Åsa Lindqvist' })
    const place = await createLocation({ name: 'Studio 4, Dock; B', address: '1 Quay Rd' })
    const dayPlace = await createLocation({ name: 'Beach car park' })
    const theClient = await createClient({ name: 'Acme, Inc.' })
    const project = await createProject(start, addDays(start, 3), {
      name,
      locationId: place.id,
      clientId: theClient.id,
    })
    const confirmed = await Status.findByOrFail('name', 'Confirmed')
    const booking = await assignCrew(project, crew, { statusId: confirmed.id })
    // The third day is taken out; the second has a call time and its own place.
    await AssignmentDayNote.create({
      projectId: project.id,
      projectCrewId: booking.id,
      date: addDays(start, 2),
      isScheduled: false,
    })
    await ProjectDayInfo.create({
      projectId: project.id,
      date: addDays(start, 1),
      title: 'Night shoot',
      callTime: '18:30',
      locationId: dayPlace.id,
    })

    // Not in the feed: a declined booking, a project in the trash, a cancelled project.
    const declined = await Status.findByOrFail('name', 'Declined')
    await assignCrew(await createProject(start, start, { name: 'Declined job' }), crew, {
      statusId: declined.id,
    })
    const trashed = await createProject(start, start, { name: 'Trashed job' })
    await assignCrew(trashed, crew)
    await trash(trashed)
    const cancelled = await ProjectStatus.findByOrFail('name', 'Cancelled')
    await assignCrew(
      await createProject(start, start, { name: 'Cancelled job', projectStatusId: cancelled.id }),
      crew
    )

    const { feed } = await makeFeed(client, 'crew', crew.id)
    const response = await client.get(feedPath(feed.url))
    response.assertStatus(200)
    assert.match(response.header('content-type') ?? '', /^text\/calendar; charset=utf-8/)
    assert.equal(response.header('cache-control'), 'private, no-cache')
    const body = response.text()

    // CRLF everywhere, lines of at most 75 octets, folds never inside a character.
    assert.isTrue(body.endsWith('\r\n') || body.endsWith('END:VCALENDAR'))
    assert.notMatch(body, /[^\r]\n/)
    const lines = body.split('\r\n')
    for (const line of lines) {
      assert.isAtMost(Buffer.byteLength(line, 'utf8'), 75, line)
      assert.isTrue(line.isWellFormed(), `a fold split a character: ${line}`)
    }
    assert.isTrue(
      lines.some((line) => line.startsWith(' ')),
      'the long summary is folded'
    )
    assert.include(body, 'REFRESH-INTERVAL;VALUE=DURATION:PT1H')
    assert.include(body, 'X-PUBLISHED-TTL:PT1H')
    assert.include(body, 'SUMMARY:Ski film\\; “Zoë’s” café\\, north\\\\south')
    for (const stamp of lines.filter((line) => line.startsWith('DTSTAMP'))) {
      assert.match(stamp, /^DTSTAMP:\d{8}T\d{6}Z$/)
    }

    const events = eventsOf(body)
    assert.deepEqual(
      events.map((event) => dayOf(event.start)),
      [start, addDays(start, 1), addDays(start, 3)]
    )
    for (const event of events) {
      assert.equal(event.summary, name)
      assert.equal(event.datetype, 'date')
      // DTEND is exclusive: the day after.
      assert.equal(dayOf(event.end!), addDays(dayOf(event.start), 1))
    }
    assert.equal(events[0].location, 'Studio 4, Dock; B, 1 Quay Rd')
    assert.equal(events[1].location, 'Beach car park')
    assert.include(events[1].description, 'Call time: 18:30')
    assert.include(events[1].description, 'Day: Night shoot')
    assert.include(events[0].description, 'Status: Confirmed')
    assert.include(events[0].description, 'Client: Acme, Inc.')
    assert.equal(events[0].status, 'CONFIRMED')
    assert.equal(events[0].uid, `crew-booking-${booking.id}-${start}@${new URL(appUrl).host}`)

    // The same data gives the same text: UIDs and DTSTAMPs are stable.
    const again = await client.get(feedPath(feed.url))
    assert.equal(again.text(), body)
    const counted = await CalendarFeed.findOrFail(feed.id)
    assert.equal(counted.fetchCount, 2)
  })

  test('ETag and If-None-Match: an unchanged feed is a 304; a removed booking disappears', async ({
    client,
    assert,
  }) => {
    const start = addDays(today(), 3)
    const vendor = await createVendor()
    const kept = await createProject(start, start, { name: 'Kept job' })
    const dropped = await createProject(addDays(start, 1), addDays(start, 1), {
      name: 'Dropped job',
    })
    await assignVendor(kept, vendor)
    const booking = await assignVendor(dropped, vendor)
    const { feed } = await makeFeed(client, 'vendor', vendor.id)

    const first = await client.get(feedPath(feed.url))
    const etag = first.header('etag') ?? ''
    assert.match(etag, /^"[A-Za-z0-9_-]+"$/)
    assert.lengthOf(eventsOf(first.text()), 2)

    const unchanged = await client.get(feedPath(feed.url)).header('if-none-match', etag)
    unchanged.assertStatus(304)
    assert.equal(unchanged.text(), '')
    assert.equal(unchanged.header('etag'), etag)
    const weak = await client.get(feedPath(feed.url)).header('if-none-match', `"x", W/${etag}`)
    weak.assertStatus(304)

    await booking.delete()
    const changed = await client.get(feedPath(feed.url)).header('if-none-match', etag)
    changed.assertStatus(200)
    assert.notEqual(changed.header('etag'), etag)
    assert.deepEqual(
      eventsOf(changed.text()).map((event) => event.summary),
      ['Kept job']
    )
  })
})
