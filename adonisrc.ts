import { defineConfig } from '@adonisjs/core/app'

export default defineConfig({
  /*
   * Commands of all three apps are listed; each is prefixed with its app
   * (sso:…, transfer:…, schedule:…) and refuses to run under another APP_ID.
   */
  commands: [
    () => import('@adonisjs/core/commands'),
    () => import('@adonisjs/lucid/commands'),
    () => import('@adonisjs/session/commands'),
    () => import('@adonisjs/inertia/commands'),
    () => import('@adonisjs/mail/commands'),
  ],

  providers: [
    () => import('@adonisjs/core/providers/app_provider'),
    () => import('@adonisjs/core/providers/hash_provider'),
    {
      file: () => import('@adonisjs/core/providers/repl_provider'),
      environment: ['repl', 'test'],
    },
    () => import('@adonisjs/core/providers/vinejs_provider'),
    () => import('@adonisjs/core/providers/edge_provider'),
    () => import('@adonisjs/session/session_provider'),
    () => import('@adonisjs/vite/vite_provider'),
    () => import('@adonisjs/shield/shield_provider'),
    () => import('@adonisjs/static/static_provider'),
    () => import('@adonisjs/lucid/database_provider'),
    () => import('@adonisjs/auth/auth_provider'),
    () => import('@adonisjs/inertia/inertia_provider'),
    () => import('@adonisjs/limiter/limiter_provider'),
    () => import('@adonisjs/mail/mail_provider'),
    () => import('@adonisjs/drive/drive_provider'),
    () => import('@adonisjs/ally/ally_provider'),
    () => import('#providers/relying_party_provider'),
    () => import('#providers/transfer_provider'),
    () => import('#providers/schedule_provider'),
    () => import('#providers/jobs_provider'),
  ],

  preloads: [
    () => import('#start/routes'),
    () => import('#start/kernel'),
    () => import('#start/view'),
    { file: () => import('#start/mail_queue'), environment: ['web', 'console'] },
  ],

  tests: {
    suites: [
      { files: ['tests/unit/**/*.spec.ts'], name: 'unit', timeout: 5000 },
      { files: ['tests/functional/**/*.spec.ts'], name: 'functional', timeout: 30000 },
      { files: ['tests/browser/**/*.spec.ts'], name: 'browser', timeout: 300000 },
      { files: ['tests/deploy/**/*.spec.ts'], name: 'deploy', timeout: 180000 },
    ],
    forceExit: false,
  },

  metaFiles: [
    { pattern: 'resources/views/**/*.edge', reloadServer: false },
    // The integration guide served by sso's GET /api/integration-guide.
    { pattern: 'resources/docs/**', reloadServer: false },
    // The common passwords sso refuses (password_policy.ts reads them at run time).
    { pattern: 'resources/security/**', reloadServer: false },
    { pattern: 'public/**', reloadServer: false },
  ],

  hooks: {
    // Page props and transformer data types under .adonisjs/ (npm run codegen does the same).
    init: [() => import('#start/codegen')],
    buildStarting: [() => import('@adonisjs/vite/build_hook')],
    // schedule's migrations against DATABASE_PUBLIC_URL, when it is set.
    buildFinished: [() => import('#start/build_time_migrations')],
  },
})
