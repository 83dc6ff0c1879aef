/*
 * Each process loads only its own app's routes.
 */
import env from '#start/env'

const routeFiles = {
  sso: () => import('#start/routes/sso'),
  transfer: () => import('#start/routes/transfer'),
  schedule: () => import('#start/routes/schedule'),
}

await routeFiles[env.get('APP_ID')]()
