import { DateTime } from 'luxon'
import { test } from '@japa/runner'
import PublicShareLink from '#models/schedule/public_share_link'
import { eachDay, scheduledDays } from '#services/schedule/sharing/share_view'
import { shareLinkState, shareUrl } from '#services/schedule/sharing/share_links'

test.group('schedule share view: the days a booking works', () => {
  test('eachDay runs inclusively across month and year ends', ({ assert }) => {
    assert.deepEqual(eachDay('2029-12-30', '2030-01-02'), [
      '2029-12-30',
      '2029-12-31',
      '2030-01-01',
      '2030-01-02',
    ])
    assert.deepEqual(eachDay('2028-02-28', '2028-03-01'), [
      '2028-02-28',
      '2028-02-29',
      '2028-03-01',
    ])
    assert.deepEqual(eachDay('2030-05-05', '2030-05-05'), ['2030-05-05'])
    assert.deepEqual(eachDay('2030-05-06', '2030-05-05'), [])
  })

  test('unscheduled days drop out; notes outside the project dates are not shown', ({ assert }) => {
    const booking = scheduledDays('2030-04-01', '2030-04-04', [
      { date: '2030-04-02', note: 'Travel instead', isScheduled: false },
      { date: '2030-04-03', note: 'Call 06:00', isScheduled: true },
      { date: '2030-04-04', note: null, isScheduled: true },
      { date: '2030-04-09', note: 'From before the dates moved', isScheduled: true },
    ])
    assert.deepEqual(booking.days, ['2030-04-01', '2030-04-03', '2030-04-04'])
    assert.deepEqual(booking.notes, {
      '2030-04-02': 'Travel instead',
      '2030-04-03': 'Call 06:00',
    })
  })
})

test.group('schedule share links: state and URL', () => {
  function link(fields: Partial<PublicShareLink>) {
    return Object.assign(new PublicShareLink(), { revokedAt: null, expiresAt: null, ...fields })
  }

  test('revoked wins over expired; an expiry at this very moment has passed', ({ assert }) => {
    const now = DateTime.fromISO('2030-01-01T12:00:00Z')
    assert.equal(shareLinkState(link({}), now), 'active')
    assert.equal(shareLinkState(link({ expiresAt: now.plus({ seconds: 1 }) }), now), 'active')
    assert.equal(shareLinkState(link({ expiresAt: now }), now), 'expired')
    assert.equal(
      shareLinkState(link({ expiresAt: now.minus({ days: 1 }), revokedAt: now }), now),
      'revoked'
    )
  })

  test('the URL is absolute, under /share/', ({ assert }) => {
    assert.match(shareUrl('abc'), /^https?:\/\/[^/]+(\/.*)?\/share\/abc$/)
    assert.notInclude(shareUrl('abc'), '//share')
  })
})
