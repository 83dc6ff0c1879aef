/*
 * A hook of `node ace build` (adonisrc.ts): once the build has compiled,
 * schedule's migrations run against DATABASE_PUBLIC_URL when it is set. A
 * failed migration fails the build.
 */
import { hooks } from '@adonisjs/core/app'
import { migrateScheduleAtBuild } from '#services/schedule/build_time_migrations'

export default hooks.buildFinished(async (bundler) => {
  await migrateScheduleAtBuild({
    root: bundler.cwdPath,
    log: (line) => bundler.ui.logger.info(line),
  })
})
