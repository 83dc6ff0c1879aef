import { readFile } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import { appUrl } from '#config/app'

/** The one source of the guide; README.md carries a copy between these markers. */
export const GUIDE_SOURCE = 'resources/docs/sso_integration_guide.md'
export const README_START = '<!-- integration-guide:start -->'
export const README_END = '<!-- integration-guide:end -->'

/** README.md with the guide's block replaced by `guide` (or null when the markers are missing). */
export function withGuideInReadme(readme: string, guide: string) {
  const start = readme.indexOf(README_START)
  const end = readme.indexOf(README_END)
  if (start === -1 || end < start) {
    return null
  }
  return `${readme.slice(0, start + README_START.length)}\n${guide.trim()}\n${readme.slice(end)}`
}

/**
 * The integration guide for builders of relying apps, served by
 * GET /api/integration-guide with `{base_url}` filled in with sso's own URL.
 */
export class IntegrationGuide {
  static #cached: Promise<string> | null = null

  source() {
    IntegrationGuide.#cached ??= readFile(app.makePath(GUIDE_SOURCE), 'utf8')
    return IntegrationGuide.#cached
  }

  async document() {
    const source = await this.source()
    const markdown = source.replaceAll('{base_url}', appUrl)
    const title = /^#{1,6}\s+(.+)$/m.exec(markdown)?.[1].trim() ?? 'Integration guide'
    return { title, format: 'markdown' as const, content: markdown }
  }
}
