import '~/css/app.css'
// The design system; its classes are ui- prefixed and its base styles apply inside .ui-root only.
import '~/css/tokens.css'
import '~/css/base.css'
import '~/css/ui.css'
import { createRoot } from 'react-dom/client'
import { createInertiaApp } from '@inertiajs/react'
import { resolvePageComponent } from '@adonisjs/inertia/helpers'

createInertiaApp({
  progress: { color: '#1d4ed8' },
  title: (title) => (title ? `${title} · Transfer` : 'Transfer'),
  resolve: (name) =>
    resolvePageComponent(`../pages/${name}.tsx`, import.meta.glob('../pages/transfer/**/*.tsx')),
  setup({ el, App, props }) {
    createRoot(el).render(<App {...props} />)
  },
})
