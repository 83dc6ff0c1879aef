/**
 * A setting the app cannot run with: what is wrong, and the line that fixes it.
 */
export interface SettingProblem {
  setting: string
  problem: string
  fix: string
}

/** Reads one environment value as text (a secret released); undefined when unset or empty. */
export type SettingReader = (name: string) => string | undefined

export const MIN_SECRET_LENGTH = 32

const GENERATE_SECRET =
  "node -e \"console.log(require('crypto').randomBytes(32).toString('base64url'))\""

/**
 * The settings without which an app refuses to start (start/env.ts throws on
 * the first of them; `node ace doctor` reports them all). One list for both,
 * so the doctor never disagrees with the boot.
 */
export function settingProblems(read: SettingReader): SettingProblem[] {
  const appId = read('APP_ID')
  const nodeEnv = read('NODE_ENV') ?? 'development'
  const problems: SettingProblem[] = []
  const secretFix = (name: string) =>
    `set ${name} to a random secret of ${MIN_SECRET_LENGTH}+ characters, e.g. the output of ${GENERATE_SECRET}`

  /*
   * Secrets each app cannot run without. schedule's spec refuses to start
   * without SESSION_SECRET; transfer needs it in production; sso signs with
   * APP_KEY.
   */
  if (appId === 'sso' && !read('APP_KEY') && !read('SESSION_SECRET')) {
    problems.push({
      setting: 'APP_KEY',
      problem: `sso needs APP_KEY (a random secret of ${MIN_SECRET_LENGTH} or more characters)`,
      fix: secretFix('APP_KEY'),
    })
  }
  if (appId === 'schedule' && !read('SESSION_SECRET')) {
    problems.push({
      setting: 'SESSION_SECRET',
      problem: 'schedule does not start without SESSION_SECRET',
      fix: secretFix('SESSION_SECRET'),
    })
  }
  if (appId === 'transfer' && nodeEnv === 'production' && !read('SESSION_SECRET')) {
    problems.push({
      setting: 'SESSION_SECRET',
      problem: 'transfer needs SESSION_SECRET in production',
      fix: secretFix('SESSION_SECRET'),
    })
  }
  if (appId !== 'sso' && !read('SSO_API_KEY')) {
    problems.push({
      setting: 'SSO_API_KEY',
      problem: `${appId} needs SSO_API_KEY, the apiKey of its connected app in sso`,
      fix: `register ${appId} in sso (node ace sso:apps:create, with APP_ID=sso) and set SSO_API_KEY and SSO_SECRET_KEY to its keys`,
    })
  }
  const diskSetting = appId === 'transfer' ? 'TRANSFER_DISK' : 'SCHEDULE_DISK'
  if (appId !== 'sso' && read(diskSetting) === 's3') {
    for (const name of [
      'OBJSTORE_ACCESS_KEY_ID',
      'OBJSTORE_SECRET_ACCESS_KEY',
      'OBJSTORE_BUCKET_NAME',
    ]) {
      if (!read(name)) {
        problems.push({
          setting: name,
          problem: `${diskSetting}=s3 needs ${name}`,
          fix: `set ${name} (the bucket's credentials and name), or ${diskSetting}=fs`,
        })
      }
    }
    if (!read('OBJSTORE_ENDPOINT') && !read('OBJSTORE_ACCOUNT_ID')) {
      problems.push({
        setting: 'OBJSTORE_ENDPOINT',
        problem: `${diskSetting}=s3 needs OBJSTORE_ENDPOINT or OBJSTORE_ACCOUNT_ID (R2)`,
        fix: 'set OBJSTORE_ENDPOINT (with OBJSTORE_REGION) for S3, MinIO…, or OBJSTORE_ACCOUNT_ID for Cloudflare R2',
      })
    }
  }
  for (const name of ['APP_KEY', 'SESSION_SECRET']) {
    const secret = read(name)
    if (secret && secret.length < MIN_SECRET_LENGTH) {
      problems.push({
        setting: name,
        problem: `${name} must be at least ${MIN_SECRET_LENGTH} characters long`,
        fix: secretFix(name),
      })
    }
  }
  return problems
}
