/*
 * Entrypoint for Ace commands. It registers the TypeScript JIT hook and then
 * hands over to bin/console.ts. Run with the project's Node 24 (see README).
 */
import '@poppinss/ts-exec'

await import('./bin/console.js')
