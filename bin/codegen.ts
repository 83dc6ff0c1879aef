/*
 * `npm run codegen`: writes the generated types under .adonisjs/ (the page
 * props of inertia/pages and the data shapes of app/transformers), as the
 * assembler's init hook does for `node ace build`, without booting an app:
 * each app process loads only its own routes, so nothing route-dependent is
 * generated. The files are committed; CI checks they are current.
 */
import { fileURLToPath } from 'node:url'
import { cliui } from '@poppinss/cliui'
import { IndexGenerator } from '@adonisjs/assembler/index_generator'
import generateIndexes from '../start/codegen.ts'

const root = fileURLToPath(new URL('../', import.meta.url))
const generator = new IndexGenerator(root, cliui().logger)
generateIndexes(undefined as never, undefined as never, generator)
await generator.generate()
