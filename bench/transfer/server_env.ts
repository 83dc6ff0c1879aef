import { randomBytes } from 'node:crypto'
import { freePort } from '../../app/services/shared/local_stack.ts'

/**
 * The environment of the production transfer server a benchmark starts from
 * build/: a free port, its disk and outbox under `workDir`, no sso. `extra`
 * adds or overrides names (a fake's address, a setting under test).
 */
export async function transferServerEnv(
  databaseUrl: string,
  workDir: string,
  extra: NodeJS.ProcessEnv = {}
) {
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const driveRoot = `${workDir}/drive`
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    APP_ID: 'transfer',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_URL: baseUrl,
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    SSO_API_KEY: 'ak_bench',
    SSO_BASE_URL: 'http://127.0.0.1:9',
    DATABASE_URL: databaseUrl,
    DRIVE_FS_ROOT: driveRoot,
    LOG_LEVEL: 'warn',
    MAIL_MAILER: 'outbox',
    MAIL_OUTBOX_DIR: `${workDir}/outbox`,
    FORCE_COLOR: '0',
    ...extra,
  }
  return { port, baseUrl, driveRoot, env }
}
