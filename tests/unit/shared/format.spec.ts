import { test } from '@japa/runner'
import {
  auditEventName,
  changedFields,
  detailLines,
  formatBytes,
  formatDuration,
  formatNumber,
  machineNameToWords,
} from '../../../inertia/components/shared/format.js'

/*
 * The pages' wording of machine values. Locales are pinned here; pages pass
 * none, so the reader's browser locale applies.
 */
test.group('shared format', () => {
  test('numbers follow the locale', ({ assert }) => {
    assert.equal(formatNumber(12345.6, 'en-GB'), '12,345.6')
    assert.equal(formatNumber(12345.6, 'de-DE'), '12.345,6')
  })

  test('file sizes in multiples of 1024, one decimal below ten of a unit', ({ assert }) => {
    assert.equal(formatBytes(0, 'en-GB'), '0 bytes')
    assert.equal(formatBytes(1, 'en-GB'), '1 byte')
    assert.equal(formatBytes(1000, 'en-GB'), '1,000 bytes')
    assert.equal(formatBytes(1536, 'en-GB'), '1.5 kB')
    assert.equal(formatBytes(20 * 1024 * 1024, 'en-GB'), '20 MB')
    assert.equal(formatBytes(3 * 1024 ** 3, 'en-GB'), '3 GB')
    assert.equal(formatBytes(1536, 'de-DE'), '1,5 kB')
  })

  test('durations in their two largest parts', ({ assert }) => {
    assert.equal(formatDuration(0, 'en-GB'), '0 secs')
    assert.equal(formatDuration(75, 'en-GB'), '1 min 15 secs')
    assert.equal(formatDuration(3725, 'en-GB'), '1 hr 2 mins')
    assert.equal(formatDuration(3600, 'en-GB'), '1 hr')
    assert.equal(formatDuration(2 * 86_400 + 3 * 3600 + 59, 'en-GB'), '2 days 3 hrs')
  })

  test('audit events have human names, unknown ones read as words', ({ assert }) => {
    assert.equal(auditEventName('sign_in_failed'), 'Sign-in failed')
    assert.equal(auditEventName('totp_enabled'), 'Two-factor authentication turned on')
    assert.equal(auditEventName('quota_hit_twice'), 'Quota hit twice')
    assert.equal(machineNameToWords('crewRoleId'), 'crew role')
  })

  test('changed fields and details read as sentences', ({ assert }) => {
    assert.equal(changedFields(['name'], 'en-GB'), 'Changed: name')
    assert.equal(
      changedFields(['name', 'displayName', 'username'], 'en-GB'),
      'Changed: name, display name and username'
    )
    assert.deepEqual(
      detailLines(
        { fields: ['avatar'], reason: 'bad_credentials', sessionsEnded: 3, wasEnabled: true },
        'en-GB'
      ),
      ['Changed: avatar', 'Reason: bad credentials', 'Sessions ended: 3', 'Was enabled: yes']
    )
    assert.deepEqual(detailLines({}), [])
  })
})
