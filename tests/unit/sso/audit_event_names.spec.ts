import { test } from '@japa/runner'
import { AUDIT_EVENTS } from '#services/sso/audit_log'
import { AUDIT_EVENT_NAMES } from '../../../inertia/components/shared/format.js'

test.group('audit event names', () => {
  test('every event sso records has a human name', ({ assert }) => {
    const unnamed = AUDIT_EVENTS.filter((event) => !(event in AUDIT_EVENT_NAMES))
    assert.deepEqual(unnamed, [])
  })
})
