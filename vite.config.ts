import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import inertia from '@adonisjs/inertia/vite'
import adonisjs from '@adonisjs/vite/client'

/*
 * One entrypoint per app. Each entry only globs its own pages folder, so one
 * app's bundle never contains another app's pages.
 *
 * In development each app process runs its own Vite server. They get their
 * own dependency cache (three servers optimising into one folder at once
 * clobber each other on a cold start), and each crawls its own pages up
 * front, so no dependency is discovered mid-visit (which reloads the page).
 */
const appId = process.env.APP_ID

export default defineConfig({
  cacheDir:
    process.env.VITE_CACHE_DIR ??
    (appId ? `node_modules/.vite/${appId}` : 'node_modules/.vite/build'),
  optimizeDeps: appId
    ? { entries: [`inertia/app/${appId}.tsx`, `inertia/pages/${appId}/**/*.tsx`] }
    : undefined,
  plugins: [
    inertia({ ssr: { enabled: false } }),
    react(),
    adonisjs({
      entrypoints: ['inertia/app/sso.tsx', 'inertia/app/transfer.tsx', 'inertia/app/schedule.tsx'],
      reload: ['resources/views/**/*.edge'],
    }),
  ],
  // `~/` is the inertia folder, as in inertia/tsconfig.json.
  resolve: { alias: { '~/': `${import.meta.dirname}/inertia/` } },
  server: {
    watch: { ignored: ['**/storage/**', '**/tmp/**'] },
  },
})
