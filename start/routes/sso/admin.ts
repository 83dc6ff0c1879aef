/*
 * The admin dashboard: people, connected apps, audit log.
 */
