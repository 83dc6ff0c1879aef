import { configApp } from '@adonisjs/eslint-config'
import { react } from '@adonisjs/eslint-config/react'

const APPS = ['sso', 'transfer', 'schedule']

function filesOf(folder) {
  return [
    `app/**/${folder}/**/*.{ts,tsx}`,
    `commands/${folder}/**/*.ts`,
    `database/**/${folder}/**/*.ts`,
    `inertia/**/${folder}/**/*.{ts,tsx}`,
    `tests/**/${folder}/**/*.ts`,
    `start/routes/${folder}/**/*.ts`,
    `tests/helpers/${folder}_*.ts`,
    `providers/${folder}_provider.ts`,
  ]
}

function forbidApps(apps, why) {
  return {
    'no-restricted-imports': [
      'error',
      {
        patterns: apps.map((app) => ({
          group: [`#*/${app}/*`, `**/${app}/*`],
          message: why,
        })),
      },
    ],
  }
}

/*
 * The one boundary of ARCHITECTURE.md: an app's code imports only its own
 * folders and `shared`; `shared` imports no app.
 */
const boundaries = [
  ...APPS.map((app) => ({
    name: `${app} imports only its own code and shared`,
    files: [...filesOf(app), `start/routes/${app}.ts`],
    rules: forbidApps(
      APPS.filter((other) => other !== app),
      `${app} may not import another app's code; move what both need to shared`
    ),
  })),
  {
    name: 'shared imports no app',
    files: filesOf('shared'),
    rules: forbidApps(APPS, 'shared code may not depend on one app'),
  },
]

export default configApp(
  ...react,
  {
    name: 'Inertia pages use plain links and forms',
    files: ['inertia/**/*.{ts,tsx}'],
    rules: {
      // The suite has no typed route registry (routes differ per app process).
      '@adonisjs/prefer-adonisjs-inertia-link': 'off',
      '@adonisjs/prefer-adonisjs-inertia-form': 'off',
    },
  },
  { ignores: ['storage/**', 'public/**', 'build/**', 'bench/**/results/**', '.adonisjs/**'] },
  ...boundaries
)
