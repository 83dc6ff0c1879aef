import { mailJobs } from '#jobs/shared/mail_jobs'

/** sso's background jobs (see the README's "Background jobs"): its mail. */
export const jobs = [...mailJobs()]
