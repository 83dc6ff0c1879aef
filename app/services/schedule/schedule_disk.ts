import drive from '@adonisjs/drive/services/main'
import env from '#start/env'

/**
 * schedule's private files (feedback screenshots, location photos): the
 * `private` fs disk, or the OBJSTORE_* bucket when SCHEDULE_DISK=s3. Never
 * served as is: each file goes out after the app's own access check.
 */
export function scheduleDisk() {
  return drive.use(env.get('SCHEDULE_DISK') === 's3' ? 's3' : 'private')
}
