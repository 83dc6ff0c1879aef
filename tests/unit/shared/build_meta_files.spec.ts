import { readFile, readdir } from 'node:fs/promises'
import { join, matchesGlob } from 'node:path'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import rc from '../../../adonisrc.js'

/** Every TypeScript file under `folder`, as a path from the project root. */
async function sourceFiles(folder: string): Promise<string[]> {
  const entries = await readdir(app.makePath(folder), { withFileTypes: true, recursive: true })
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
}

/*
 * `node ace build` copies only TypeScript and the metaFiles of adonisrc.ts:
 * a file the server reads at run time and the build leaves behind works in
 * development and tests and answers 500 in production (registration did,
 * for want of the common-password list).
 */
test.group('the production build', () => {
  test('carries every file under resources/ that the server reads at run time', async ({
    assert,
  }) => {
    const patterns = (rc.metaFiles ?? []).map((file) =>
      typeof file === 'string' ? file : file.pattern
    )
    const read = new Set<string>()
    for (const folder of ['app', 'config', 'start', 'providers']) {
      for (const file of await sourceFiles(folder)) {
        const text = await readFile(file, 'utf8')
        for (const [, path] of text.matchAll(/['"`](resources\/[^'"`$]+)['"`]/g)) {
          read.add(path)
        }
      }
    }
    assert.isAbove(read.size, 0)
    const leftBehind = [...read].filter(
      (path) => !patterns.some((pattern) => matchesGlob(path, pattern))
    )
    assert.deepEqual(leftBehind, [], 'files the build leaves behind: add them to metaFiles')
  })
})
