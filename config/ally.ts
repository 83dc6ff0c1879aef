import { defineConfig } from '@adonisjs/ally'

/* External identity providers of sso (filled in by the external sign-in work). */
const allyConfig = defineConfig({})

export default allyConfig

declare module '@adonisjs/ally/types' {
  interface SocialProviders extends InferSocialProviders<typeof allyConfig> {}
}
