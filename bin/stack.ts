/*
 * `npm run dev`: the developers' stack. The three apps from the sources, each
 * with Vite's dev server (hot reload), on the embedded PostgreSQL and the
 * demo data; app/services/shared/launcher.ts says what it does.
 */
import { fileURLToPath } from 'node:url'
import { launch } from '../app/services/shared/launcher.ts'

await launch(fileURLToPath(new URL('../', import.meta.url)), 'development')
