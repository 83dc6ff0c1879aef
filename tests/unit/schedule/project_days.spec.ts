import { test } from '@japa/runner'
import {
  addDays,
  daysBetween,
  formatDay,
  formatDays,
  isCalendarDay,
  isWithin,
} from '#services/schedule/projects/project_days'

test.group('project days', () => {
  test('only real days written YYYY-MM-DD are calendar days', ({ assert }) => {
    for (const day of ['2025-05-01', '2024-02-29', '2025-12-31']) {
      assert.isTrue(isCalendarDay(day), day)
    }
    for (const day of ['2025-02-29', '2025-13-01', '2025-04-31', '2025-5-1', '20250501', '']) {
      assert.isFalse(isCalendarDay(day), day)
    }
  })

  test('day arithmetic crosses months, years and daylight saving changes', ({ assert }) => {
    assert.equal(addDays('2025-03-29', 2), '2025-03-31')
    assert.equal(addDays('2025-10-25', 2), '2025-10-27')
    assert.equal(addDays('2024-12-31', 1), '2025-01-01')
    assert.equal(addDays('2024-03-01', -1), '2024-02-29')
    assert.equal(daysBetween('2025-01-01', '2025-12-31'), 364)
    assert.equal(daysBetween('2025-05-10', '2025-05-10'), 0)
    assert.equal(daysBetween('2025-05-10', '2025-05-09'), -1)
  })

  test('a range includes both ends', ({ assert }) => {
    assert.isTrue(isWithin('2025-05-01', '2025-05-01', '2025-05-03'))
    assert.isTrue(isWithin('2025-05-03', '2025-05-01', '2025-05-03'))
    assert.isFalse(isWithin('2025-05-04', '2025-05-01', '2025-05-03'))
  })

  test('days read as "3 May 2025" in activity summaries', ({ assert }) => {
    assert.equal(formatDay('2025-05-03'), '3 May 2025')
    assert.equal(formatDays('2025-05-03', '2025-05-03'), '3 May 2025')
    assert.equal(formatDays('2025-12-31', '2026-01-02'), '31 Dec 2025 – 2 Jan 2026')
  })
})
