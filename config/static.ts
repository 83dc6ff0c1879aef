import { defineConfig } from '@adonisjs/static'

/* Serves public/ (the built page assets in production; Vite serves them in development). */
const staticServerConfig = defineConfig({
  enabled: true,
  etag: true,
  lastModified: true,
  dotFiles: 'ignore',
  immutable: true,
  maxAge: '1y',
})

export default staticServerConfig
