import { test } from '@japa/runner'
import { sunTimes } from '#services/schedule/production/sun_times'
import { minutesOf } from '#services/schedule/production/day_layout'

/*
 * Published values (HM Nautical Almanac Office / timeanddate.com, to the
 * minute): the computed times must be within a minute of them.
 */
const PUBLISHED = [
  {
    place: 'London on the summer solstice',
    date: '2025-06-21',
    lat: 51.5074,
    lng: -0.1278,
    zone: 'Europe/London',
    sunrise: '04:43',
    sunset: '21:21',
  },
  {
    place: 'New York on the winter solstice',
    date: '2025-12-21',
    lat: 40.7128,
    lng: -74.006,
    zone: 'America/New_York',
    sunrise: '07:17',
    sunset: '16:32',
  },
  {
    place: 'Sydney on New Year’s Day',
    date: '2025-01-01',
    lat: -33.8688,
    lng: 151.2093,
    zone: 'Australia/Sydney',
    sunrise: '05:48',
    sunset: '20:09',
  },
]

test.group('sunrise and sunset', () => {
  for (const known of PUBLISHED) {
    test(known.place, ({ assert }) => {
      const times = sunTimes(known.date, known.lat, known.lng, known.zone)
      assert.isAtMost(Math.abs(minutesOf(times.sunrise!) - minutesOf(known.sunrise)), 1)
      assert.isAtMost(Math.abs(minutesOf(times.sunset!) - minutesOf(known.sunset)), 1)
    })
  }

  test('polar day has no sunrise nor sunset', ({ assert }) => {
    const times = sunTimes('2025-06-21', 78.22, 15.65, 'Arctic/Longyearbyen')
    assert.deepEqual(times, { sunrise: null, sunset: null, timezone: 'Arctic/Longyearbyen' })
  })
})
