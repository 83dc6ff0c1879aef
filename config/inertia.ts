import { defineConfig } from '@adonisjs/inertia'

const inertiaConfig = defineConfig({
  rootView: 'inertia_layout',
  ssr: { enabled: false, entrypoint: '' },
})

export default inertiaConfig
