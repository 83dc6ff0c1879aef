import { indexEntities } from '@adonisjs/core'
import { indexPages } from '@adonisjs/inertia'
import type { IndexGenerator } from '@adonisjs/assembler/index_generator'

/*
 * The generated indexes, shared by adonisrc.ts (serve, build, test) and
 * bin/codegen.ts: page props from inertia/pages and data shapes from
 * app/transformers, with the Inertia middleware's shared props. Controllers,
 * events and listeners are not indexed: routes import controllers lazily
 * per app.
 */
export const codegenHooks = [
  indexEntities({
    controllers: { enabled: false },
    events: { enabled: false },
    listeners: { enabled: false },
    transformers: {
      enabled: true,
      withSharedProps: true,
      inertiaMiddlewareImportPath: '#middleware/shared/inertia_middleware',
    },
  }),
  indexPages({ framework: 'react' }),
]

/**
 * The assembler's init hook (adonisrc.ts), also run by bin/codegen.ts. Both
 * index hooks use only the generator, not the dev server or bundler.
 */
export default function generateIndexes(
  _parent: unknown,
  _hooks: unknown,
  generator: IndexGenerator
) {
  for (const hook of codegenHooks) {
    hook.run(undefined as never, undefined as never, generator)
  }
}
