import { test } from '@japa/runner'
import { deviceName } from '#services/shared/device_names'

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
const SAFARI_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15'
const EDGE_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0'
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'

test.group('device names from a User-Agent', () => {
  test('browser on system, as a person says it', ({ assert }) => {
    assert.equal(deviceName(CHROME_LINUX), 'Chrome on Linux')
    assert.equal(deviceName(SAFARI_IPHONE), 'Safari on iPhone')
    assert.equal(deviceName(SAFARI_MAC), 'Safari on Mac')
    assert.equal(deviceName(EDGE_WINDOWS), 'Edge on Windows')
    assert.equal(deviceName(CHROME_ANDROID), 'Chrome on Android')
  })

  test('nothing to name gives null', ({ assert }) => {
    assert.isNull(deviceName(null))
    assert.isNull(deviceName(''))
    assert.isNull(deviceName('ace (terminal)'))
  })
})
