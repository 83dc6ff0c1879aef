import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import { Secret } from '@adonisjs/core/helpers'
import type { DoctorOutcome } from '#services/shared/doctor/doctor_check'
import { freePort } from '#services/shared/local_stack'
import { SsoClient } from '#services/shared/relying_party/sso_client'
import { scheduleDoctorChecks } from '#services/schedule/doctor_checks'
import { pdfFontsCheck } from '#services/schedule/doctor/pdf_fonts_check'
import { taskboardCheck } from '#services/schedule/doctor/taskboard_check'
import { CalendarClient } from '#services/schedule/calendar_sync/calendar_client'
import { CalendarSyncSettings } from '#services/schedule/calendar_sync/calendar_sync_settings'
import { TaskboardWebhook } from '#services/schedule/feedback/taskboard_webhook'
import { SmsChannel } from '#services/schedule/messaging/sms_channel'
import { SmsClient, type SmsClientOptions } from '#services/schedule/messaging/sms_client'
import { PlacesClient } from '#services/schedule/places/places_client'
import {
  makeServiceAccountKey,
  startGoogleCalendarFake,
  type GoogleCalendarFake,
} from '#tests/fakes/google_calendar'
import { startGooglePlacesFake, type GooglePlacesFake } from '#tests/fakes/google_places'
import { startTaskboardReceiver, type TaskboardReceiver } from '#tests/fakes/taskboard'
import { startTwilioFake, type TwilioFake } from '#tests/fakes/twilio'
import { SsoFake, TEST_API_KEY } from '#tests/helpers/sso_fake'

/*
 * schedule's part of `node ace doctor` against the fakes: sso, Twilio,
 * Google Calendar, Google Places, the taskboard receiver and the PDF fonts.
 * Each service is off (skipped) until its client is configured.
 */

const sso = new SsoFake()
let twilio: TwilioFake
let calendar: GoogleCalendarFake
let places: GooglePlacesFake
let receiver: TaskboardReceiver

async function outcomeOf(name: string): Promise<DoctorOutcome> {
  const checks = await scheduleDoctorChecks()
  const check = checks.find((candidate) => candidate.name === name)
  if (!check) {
    throw new Error(`No doctor check named ${name}`)
  }
  return check.run()
}

function fixOf(outcome: DoctorOutcome) {
  return outcome.status === 'failed' ? outcome.fix : ''
}

function useSms(options: Partial<SmsClientOptions> | null) {
  app.container.swap(
    SmsChannel,
    () =>
      new SmsChannel(
        options &&
          new SmsClient({
            accountSid: twilio.accountSid,
            authToken: twilio.authToken,
            apiUrl: twilio.url,
            ...options,
          })
      )
  )
}

function useCalendar(serviceKey: string | undefined) {
  app.container.swap(
    CalendarClient,
    () => new CalendarClient({ serviceKey, rootUrl: calendar.url, attempts: 1 })
  )
}

function usePlaces(apiKey: string | undefined) {
  app.container.swap(
    PlacesClient,
    () => new PlacesClient({ apiKey: apiKey ? new Secret(apiKey) : undefined, baseUrl: places.url })
  )
}

test.group('schedule doctor: outside services and tools', (group) => {
  group.setup(async () => {
    await sso.start()
    twilio = await startTwilioFake()
    calendar = await startGoogleCalendarFake()
    places = await startGooglePlacesFake()
    receiver = await startTaskboardReceiver()
    return async () => {
      app.container.restore(SmsChannel)
      app.container.restore(CalendarClient)
      app.container.restore(PlacesClient)
      await Promise.all([twilio.close(), calendar.close(), places.close(), receiver.close()])
      await sso.stop()
    }
  })
  group.each.setup(() => {
    twilio.reset()
    calendar.reset()
    places.reset()
    receiver.reset()
    return testUtils.db().withGlobalTransaction()
  })

  test('sso: accepted, apiKey refused, unreachable', async ({ assert }) => {
    const name = 'sso reachable, apiKey accepted'
    const healthy = await outcomeOf(name)
    assert.equal(healthy.status, 'ok')

    app.container.swap(SsoClient, () => new SsoClient(sso.url, 'ak_disabled_app'))
    const refused = await outcomeOf(name)
    assert.equal(refused.status, 'failed')
    assert.include(refused.detail, 'wrong SSO_API_KEY, or the app is disabled in sso')

    // A port nothing listens on.
    const nowhere = `http://127.0.0.1:${await freePort()}`
    app.container.swap(SsoClient, () => new SsoClient(nowhere, TEST_API_KEY))
    const unreachable = await outcomeOf(name)
    assert.equal(unreachable.status, 'failed')
    assert.equal(unreachable.detail, `sso unreachable at ${nowhere} (ECONNREFUSED)`)
    app.container.swap(SsoClient, () => new SsoClient(sso.url, TEST_API_KEY))
  })

  test('Twilio: off, the account and its sender, wrong credentials, a sender it lacks', async ({
    assert,
  }) => {
    const name = 'Twilio credentials and sender'
    useSms(null)
    const off = await outcomeOf(name)
    assert.equal(off.status, 'skipped')

    useSms({ messagingServiceSid: twilio.messagingServiceSid })
    const viaService = await outcomeOf(name)
    assert.equal(viaService.status, 'ok')
    assert.include(viaService.detail, `messaging service Schedule texts`)

    useSms({ fromNumber: twilio.phoneNumber })
    const viaNumber = await outcomeOf(name)
    assert.equal(viaNumber.status, 'ok')
    assert.include(viaNumber.detail, `number ${twilio.phoneNumber}`)

    useSms({ fromNumber: twilio.phoneNumber, authToken: 'not-the-token' })
    const wrongToken = await outcomeOf(name)
    assert.equal(wrongToken.status, 'failed')
    assert.include(wrongToken.detail, 'Twilio refused account')
    assert.include(fixOf(wrongToken), 'SMS_AUTH_TOKEN')

    useSms({ messagingServiceSid: `MG${'0'.repeat(32)}` })
    const noService = await outcomeOf(name)
    assert.equal(noService.status, 'failed')
    assert.include(noService.detail, 'has no messaging service')

    useSms({ fromNumber: '+15005550001' })
    const noNumber = await outcomeOf(name)
    assert.equal(noNumber.status, 'failed')
    assert.include(noNumber.detail, 'has no number +15005550001')
    // Reads only: nothing was texted.
    assert.lengthOf(twilio.messages, 0)
  })

  test('Google Calendar: off, the calendar seen, one not shared, a key Google does not know', async ({
    assert,
  }) => {
    const name = 'Google Calendar service account and calendar'
    useCalendar(undefined)
    const off = await outcomeOf(name)
    assert.equal(off.status, 'skipped')

    useCalendar('{"not": "a key"}')
    const notAKey = await outcomeOf(name)
    assert.equal(notAKey.status, 'failed')
    assert.include(fixOf(notAKey), 'CALENDAR_SERVICE_KEY')

    useCalendar(JSON.stringify(calendar.serviceAccountKey))
    const noCalendar = await outcomeOf(name)
    assert.equal(noCalendar.status, 'skipped')
    assert.include(noCalendar.detail, 'no calendar chosen')

    const settings = new CalendarSyncSettings()
    await settings.update({ calendarId: calendar.calendarId })
    const healthy = await outcomeOf(name)
    assert.equal(healthy.status, 'ok')
    assert.include(healthy.detail, calendar.calendarId)

    await settings.update({ calendarId: 'c_someone0else@group.calendar.google.com' })
    const unshared = await outcomeOf(name)
    assert.equal(unshared.status, 'failed')
    assert.equal(
      fixOf(unshared),
      `Share the calendar with ${calendar.serviceAccountKey.client_email} (“Make changes to events”) in Google Calendar’s settings`
    )

    await settings.update({ calendarId: calendar.calendarId })
    useCalendar(JSON.stringify(makeServiceAccountKey()))
    const unknownKey = await outcomeOf(name)
    assert.equal(unknownKey.status, 'failed')
    assert.include(unknownKey.detail, 'refused the service-account key')
  })

  test('Google Places: off, the key taken, a refused key', async ({ assert }) => {
    const name = 'Google Places key'
    usePlaces(undefined)
    const off = await outcomeOf(name)
    assert.equal(off.status, 'skipped')

    usePlaces(places.apiKey)
    const healthy = await outcomeOf(name)
    assert.equal(healthy.status, 'ok')
    assert.lengthOf(places.received, 1)

    usePlaces('AIzaSyWrongKey')
    const refused = await outcomeOf(name)
    assert.equal(refused.status, 'failed')
    assert.include(refused.detail, 'Google refused the Places API key')
    assert.include(fixOf(refused), 'MAPS_API_KEY')
  })

  test('taskboard: not connected, a receiver that answers without a card, one gone, a URL refused', async ({
    assert,
  }) => {
    const name = 'Taskboard webhook'
    const off = await outcomeOf(name)
    assert.equal(off.status, 'skipped')

    const webhook = new TaskboardWebhook()
    await webhook.connect(receiver.url)
    const healthy = await outcomeOf(name)
    assert.equal(healthy.status, 'ok')
    assert.include(healthy.detail, receiver.url)
    assert.deepEqual(
      receiver.received.map((request) => request.method),
      ['HEAD']
    )
    assert.lengthOf(receiver.deliveries, 0)
    const status = await webhook.status()
    assert.isNull(status.lastDelivery)

    // What production allows: https to public addresses only.
    const strict = await taskboardCheck(
      () => new TaskboardWebhook(undefined, { strict: true })
    ).run()
    assert.equal(strict.status, 'failed')
    assert.include(fixOf(strict), 'schedule:taskboard:connect')

    await webhook.connect('http://127.0.0.1:1/hooks/cards')
    const gone = await outcomeOf(name)
    assert.equal(gone.status, 'failed')
    assert.include(gone.detail, 'the receiver does not answer')
  })

  test('PDF fonts: DejaVu Sans loads in pdfkit; a damaged font does not', async ({ assert }) => {
    const healthy = await outcomeOf('PDF fonts')
    assert.equal(healthy.status, 'ok')
    assert.include(healthy.detail, 'DejaVuSans-Bold.ttf')

    const folder = await mkdtemp(join(tmpdir(), 'doctor-fonts-'))
    try {
      await writeFile(join(folder, 'DejaVuSans.ttf'), 'not a font')
      const damaged = await pdfFontsCheck(folder).run()
      assert.equal(damaged.status, 'failed')
      assert.include(fixOf(damaged), 'dejavu-fonts-ttf')
    } finally {
      await rm(folder, { recursive: true })
    }
  })
})
