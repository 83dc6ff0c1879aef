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
const root = import.meta.dirname

/** A folder of this project as a glob of `server.fs.deny`, which matches absolute paths. */
const everythingIn = (folder: string) => `${root.replace(/[*?[\]{}()!+@\\]/g, '\\$&')}/${folder}/**`

/*
 * The HMR socket listens where the app does (HOST): on loopback unless the
 * stack was told to serve the network (a wildcard address).
 */
const host = process.env.HOST
const hmrHost = host && !['0.0.0.0', '::'].includes(host) ? host : undefined

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
  resolve: { alias: { '~/': `${root}/inertia/` } },
  server: {
    watch: { ignored: ['**/storage/**', '**/tmp/**'] },
    hmr: hmrHost ? { host: hmrHost } : undefined,
    /*
     * The dev server answers `/@fs/<any path>` and root-relative URLs with
     * files: only the pages' sources and their dependencies may come out
     * (Vite adds its own client). The deny list keeps Vite's defaults and
     * names the folders holding secrets, in case the allow list ever grows.
     */
    fs: {
      strict: true,
      allow: [`${root}/inertia`, `${root}/node_modules`],
      deny: [
        '.env',
        '.env.*',
        '*.{crt,pem}',
        '**/.git/**',
        everythingIn('storage'),
        everythingIn('database'),
        everythingIn('tmp'),
      ],
    },
  },
})
