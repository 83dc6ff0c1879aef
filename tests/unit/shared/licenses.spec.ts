import { readFile } from 'node:fs/promises'
import { test } from '@japa/runner'

type LockedPackage = { license?: string; dev?: boolean }

test.group('licenses of the packages the apps ship', () => {
  // The AGPL's network clause would oblige every deployment to publish its
  // source to anyone who uses the apps over the web.
  test('none is under the AGPL', async ({ assert }) => {
    const lock = JSON.parse(await readFile('package-lock.json', 'utf8')) as {
      packages: Record<string, LockedPackage>
    }
    const agpl = Object.entries(lock.packages)
      .filter(([path, locked]) => path !== '' && !locked.dev && /AGPL/i.test(locked.license ?? ''))
      .map(([path, locked]) => `${path} (${locked.license})`)
    assert.deepEqual(agpl, [])
  })
})
