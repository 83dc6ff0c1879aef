import env from '#start/env'

/*
 * Background jobs (pg-boss) in the app's own database. Web processes work
 * them unless JOBS_IN_WEB=false; `node ace jobs:work` works them without HTTP.
 */
export const jobsConfig = {
  /** The app's database, the one Lucid uses. */
  connectionString: env.get('DATABASE_URL'),

  /** pg-boss keeps its tables in this schema, apart from the app's own. */
  schema: 'pgboss',

  /** Web processes work the jobs too (the default, so `npm run dev` needs nothing more). */
  workInWeb: env.get('JOBS_IN_WEB') ?? true,

  /**
   * Running handlers get this long to finish when a process stops; unfinished
   * ones are failed and retried. Below the usual 10 s before a container
   * runtime (and the launcher) sends SIGKILL.
   */
  stopTimeoutSeconds: 8,
}
