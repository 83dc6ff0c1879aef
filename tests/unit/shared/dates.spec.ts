import { test } from '@japa/runner'
import {
  dayCount,
  daysOf,
  formatExactTimestamp,
  formatLocalTimestamp,
  formatRange,
  formatRelative,
  relativeTimeProps,
  shiftDays,
} from '../../../inertia/components/shared/dates.js'

/*
 * The pages' one date module: the two ways of writing a range (pages and
 * lists spell each day; the calendar's tight places say each part once) and
 * calendar-day arithmetic that never slips across a time zone boundary.
 */
test.group('shared dates', () => {
  test('a range spells each day, or says each part once when compact', ({ assert }) => {
    assert.equal(formatRange('2031-05-05', '2031-05-07'), 'Mon 5 May 2031 – Wed 7 May 2031')
    assert.equal(formatRange('2031-05-05', '2031-05-05'), 'Mon 5 May 2031')
    assert.equal(formatRange('2030-11-05', '2030-11-07', { compact: true }), '5 – 7 Nov 2030')
    assert.equal(formatRange('2030-11-30', '2030-12-02', { compact: true }), '30 Nov – 2 Dec 2030')
    assert.equal(
      formatRange('2030-12-30', '2031-01-02', { compact: true }),
      '30 Dec 2030 – 2 Jan 2031'
    )
    assert.equal(formatRange('2030-11-05', '2030-11-05', { compact: true }), '5 Nov 2030')
  })

  test('days are counted and shifted as calendar days', ({ assert }) => {
    assert.deepEqual(daysOf('2031-03-30', '2031-04-01'), ['2031-03-30', '2031-03-31', '2031-04-01'])
    assert.deepEqual(daysOf('2031-04-02', '2031-04-01'), [])
    assert.equal(dayCount('2031-03-30', '2031-04-01'), 3)
    assert.equal(shiftDays('2031-03-30', 2), '2031-04-01')
    assert.equal(shiftDays('2031-01-01', -1), '2030-12-31')
  })

  test('a timestamp shows to the minute, or to the second in logs; a missing one as nothing or a dash', ({
    assert,
  }) => {
    assert.equal(formatLocalTimestamp(null), '')
    assert.equal(formatExactTimestamp(null), '—')
    const iso = '2031-05-05T14:05:00.000Z'
    assert.equal(formatExactTimestamp(iso), new Date(iso).toLocaleString())
    assert.include(formatLocalTimestamp(iso), '2031')
    assert.notEqual(formatLocalTimestamp(iso), formatExactTimestamp(iso))
  })
})

test.group('shared dates: relative times', () => {
  const now = new Date('2031-05-05T12:00:00.000Z')
  const before = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString()

  test('a moment is said in the largest unit that fits', ({ assert }) => {
    assert.equal(formatRelative(before(10), now, 'en-GB'), 'now')
    assert.equal(formatRelative(before(3 * 60), now, 'en-GB'), '3 minutes ago')
    assert.equal(formatRelative(before(5 * 3600), now, 'en-GB'), '5 hours ago')
    assert.equal(formatRelative(before(86_400), now, 'en-GB'), 'yesterday')
    assert.equal(formatRelative(before(-2 * 86_400), now, 'en-GB'), 'in 2 days')
    assert.equal(formatRelative(before(90 * 86_400), now, 'en-GB'), '3 months ago')
    assert.equal(formatRelative(before(2 * 365 * 86_400), now, 'en-GB'), '2 years ago')
    assert.equal(formatRelative(before(3 * 60), now, 'de-DE'), 'vor 3 Minuten')
  })

  test('a <time> says it relatively and gives the exact time in its title', ({ assert }) => {
    const at = before(3 * 60)
    assert.deepEqual(relativeTimeProps(at, now), {
      dateTime: at,
      title: formatExactTimestamp(at),
      children: formatRelative(at, now),
    })
  })
})
