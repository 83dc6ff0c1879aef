import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import inertia from '@adonisjs/inertia/vite'
import adonisjs from '@adonisjs/vite/client'

/*
 * One entrypoint per app. Each entry only globs its own pages folder, so one
 * app's bundle never contains another app's pages.
 */
export default defineConfig({
  plugins: [
    inertia({ ssr: { enabled: false } }),
    react(),
    adonisjs({
      entrypoints: ['inertia/app/sso.tsx', 'inertia/app/transfer.tsx', 'inertia/app/schedule.tsx'],
      reload: ['resources/views/**/*.edge'],
    }),
  ],
  server: {
    watch: { ignored: ['**/storage/**', '**/tmp/**'] },
  },
})
