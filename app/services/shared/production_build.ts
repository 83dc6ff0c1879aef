import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readFile, readdir, writeFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { runToEnd } from './child_processes.ts'

/*
 * What the production build is made from. tests/ and bench/ are copied into
 * build/ too, but nothing served runs them, so changing a test does not cost
 * a 20-second rebuild.
 */
const SOURCE_FOLDERS = [
  'app',
  'bin',
  'commands',
  'config',
  'database',
  'inertia',
  'providers',
  'public',
  'resources',
  'start',
  '.adonisjs',
]
const SOURCE_FILES = [
  'adonisrc.ts',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
]

/** Written into build/ after a build succeeds; a build cut short has none. */
const FINGERPRINT_FILE = '.source-fingerprint'

/**
 * A hash of every source file's path and content: the same on every clone of
 * one commit (unlike modification times, which a checkout resets).
 */
export async function sourceFingerprint(root: string): Promise<string> {
  const hash = createHash('sha256')
  const files: string[] = SOURCE_FILES.map((file) => join(root, file)).filter((file) =>
    existsSync(file)
  )
  for (const folder of SOURCE_FOLDERS) {
    const directory = join(root, folder)
    if (!existsSync(directory)) {
      continue
    }
    const entries = await readdir(directory, { withFileTypes: true, recursive: true })
    for (const entry of entries) {
      if (entry.isFile()) {
        files.push(join(entry.parentPath, entry.name))
      }
    }
  }
  for (const file of files.sort()) {
    hash.update(relative(root, file)).update('\0')
    hash.update(await readFile(file)).update('\0')
  }
  return hash.digest('hex')
}

export interface ProductionBuild {
  /** The folder the servers run from. */
  directory: string
  /** Whether this call built it (false: the build of the same sources was reused). */
  built: boolean
}

/**
 * `node ace build` into build/, unless build/ already holds the build of
 * these exact sources. `log` receives progress lines.
 */
export async function ensureProductionBuild(
  root: string,
  log: (line: string) => void = () => {}
): Promise<ProductionBuild> {
  const directory = join(root, 'build')
  const fingerprint = await sourceFingerprint(root)
  const recorded = await readFile(join(directory, FINGERPRINT_FILE), 'utf8').catch(() => null)
  if (recorded === fingerprint && existsSync(join(directory, 'bin/server.js'))) {
    return { directory, built: false }
  }
  log(
    'building the apps for production (node ace build, about 30 s; reused until the sources change)'
  )
  await runToEnd(process.execPath, ['ace.js', 'build'], {
    cwd: root,
    step: '`node ace build`',
    env: {
      ...process.env,
      // The build boots the app without serving it: no database is used,
      // and none may be migrated at build time from here.
      APP_ID: process.env.APP_ID ?? 'sso',
      DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://unused@127.0.0.1:1/unused',
      DATABASE_PUBLIC_URL: '',
      FORCE_COLOR: '0',
    },
  })
  await writeFile(join(directory, FINGERPRINT_FILE), fingerprint)
  return { directory, built: true }
}
