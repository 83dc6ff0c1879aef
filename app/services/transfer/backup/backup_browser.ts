import { Readable } from 'node:stream'
import { ZipFile } from 'yazl'
import logger from '@adonisjs/core/services/logger'
import type { ProviderPage } from '#services/transfer/backup/backup_provider'
import type { BackupSettings } from '#services/transfer/backup/backup_settings'

/** A path outside the backup folder, or not a plain path ('..', empty parts). */
export class PathOutsideBackup extends Error {
  constructor() {
    super('That path is not inside the backup folder')
  }
}

/** The most files one zip may hold (each is one request to the provider). */
export const MAX_ZIP_FILES = 500

/**
 * What staff see of the provider: the backup folder and what is under it,
 * never the rest of the account. Paths are checked before any call, so a
 * crafted path cannot reach another folder.
 */
export class BackupBrowser {
  constructor(readonly settings: BackupSettings) {}

  /** `path` inside the backup folder, normalised; throws PathOutsideBackup otherwise. */
  async inside(path: string | null | undefined): Promise<string> {
    const configured = await this.settings.folder()
    const folder = configured.replace(/\/+$/, '')
    if (!path || path === folder) {
      return folder
    }
    const parts = path.split('/')
    if (
      parts[0] !== '' ||
      parts.slice(1).some((part) => part === '' || part === '.' || part === '..')
    ) {
      throw new PathOutsideBackup()
    }
    if (path.toLowerCase().startsWith(`${folder.toLowerCase()}/`)) {
      return path
    }
    throw new PathOutsideBackup()
  }

  async list(path: string | null, cursor: string | null): Promise<ProviderPage & { path: string }> {
    const folder = await this.inside(path)
    const connection = await this.settings.connection()
    return { path: folder, ...(await connection.list(folder, cursor)) }
  }

  async downloadUrl(path: string) {
    const inside = await this.inside(path)
    const connection = await this.settings.connection()
    return connection.temporaryLink(inside)
  }

  /**
   * A zip of several files, streamed as it is built: each file is fetched
   * from its temporary link only when the zip reaches it, so memory stays
   * flat whatever the total size (ZIP64 above 4 GB).
   */
  async zip(paths: string[]): Promise<Readable> {
    const inside: string[] = []
    for (const path of paths) inside.push(await this.inside(path))
    const connection = await this.settings.connection()
    const zip = new ZipFile()
    const names = new Set<string>()
    for (const path of inside) {
      let name = path.slice(path.lastIndexOf('/') + 1)
      for (let n = 2; names.has(name.toLowerCase()); n++) {
        const dot = name.lastIndexOf('.')
        name = dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`
      }
      names.add(name.toLowerCase())
      zip.addReadStreamLazy(name, { compress: false }, (done) => {
        connection
          .temporaryLink(path)
          .then(async (link) => {
            const response = await fetch(link)
            if (!response.ok || !response.body) {
              throw new Error(`The backup provider answered ${response.status} for ${path}`)
            }
            done(null, Readable.fromWeb(response.body as never))
          })
          .catch((error) => done(error, undefined as never))
      })
    }
    /*
     * A file the provider will not give is an 'error' of the zip, which
     * would end the process with nobody listening: it cuts the download
     * short instead, and is logged.
     */
    const output = zip.outputStream as Readable
    zip.on('error', (error: Error) => {
      logger.error({ err: error }, 'A backup zip failed while it was being written')
      output.destroy(error)
    })
    zip.end()
    return output
  }
}
