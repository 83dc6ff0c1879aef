/*
 * `npm start`: the product as its users see it. The three apps from the
 * production build (made once, reused while the sources are unchanged) with
 * NODE_ENV=production, on the embedded PostgreSQL and the demo data, with the
 * same storage/ as `npm run dev`; app/services/shared/launcher.ts says what
 * it does.
 */
import { fileURLToPath } from 'node:url'
import { launch } from '../app/services/shared/launcher.ts'

await launch(fileURLToPath(new URL('../', import.meta.url)), 'production')
