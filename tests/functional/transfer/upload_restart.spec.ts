import { createHash, randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { finished } from 'node:stream/promises'
import { test } from '@japa/runner'
import pg from 'pg'
import { Upload, type HttpRequest, type HttpResponse, type PreviousUpload } from 'tus-js-client'
import { TestS3Server } from '#tests/helpers/s3_server'
import { TransferProcess } from '#tests/helpers/transfer_process'

const MB = 1024 * 1024
const FILE_SIZE = 320 * MB

/** What a browser's localStorage is to tus-js-client: where it finds an interrupted upload. */
class MemoryUrlStorage {
  #uploads = new Map<string, PreviousUpload & { fingerprint: string }>()

  async findAllUploads() {
    return [...this.#uploads.values()]
  }

  async findUploadsByFingerprint(fingerprint: string) {
    return [...this.#uploads.values()].filter((upload) => upload.fingerprint === fingerprint)
  }

  async removeUpload(key: string) {
    this.#uploads.delete(key)
  }

  async addUpload(fingerprint: string, upload: PreviousUpload) {
    const key = `upload-${this.#uploads.size}`
    this.#uploads.set(key, { ...upload, fingerprint, urlStorageKey: key })
    return key
  }
}

/**
 * One visitor with tus-js-client from Node: keeps the session cookie across
 * requests (as a browser does) and notes what it sent.
 */
class NodeVisitor {
  cookie = ''
  creations = 0
  /** Uploads picked up from the URL storage instead of created. */
  resumed = 0
  urlStorage = new MemoryUrlStorage()

  constructor(
    protected endpoint: string,
    protected path: string
  ) {}

  /** Resolves with the error that stopped the upload, or null when it finished. */
  send(onProgress: (bytesSent: number) => void = () => {}) {
    return new Promise<Error | null>((resolve) => {
      const upload = new Upload(createReadStream(this.path), {
        endpoint: this.endpoint,
        chunkSize: 64 * MB,
        retryDelays: null,
        metadata: { filename: basename(this.path), filetype: 'application/mxf' },
        urlStorage: this.urlStorage,
        removeFingerprintOnSuccess: true,
        onBeforeRequest: (request: HttpRequest) => {
          request.setHeader('cookie', this.cookie)
          if (request.getMethod() === 'POST') {
            this.creations++
          }
        },
        onAfterResponse: (_request: HttpRequest, response: HttpResponse) => {
          const setCookie = response.getHeader('set-cookie') as unknown as string[] | undefined
          const session = setCookie?.map((line) => line.split(';')[0])
          if (session?.length) {
            this.cookie = session.join('; ')
          }
        },
        onProgress,
        onSuccess: () => resolve(null),
        onError: (error) => resolve(error),
      })
      upload
        .findPreviousUploads()
        .then((previous) => {
          if (previous[0]) {
            upload.resumeFromPreviousUpload(previous[0])
            this.resumed++
          }
          upload.start()
        })
        .catch(resolve)
    })
  }
}

async function writeSourceFile(path: string) {
  const hash = createHash('sha256')
  const out = createWriteStream(path)
  for (let written = 0; written < FILE_SIZE; written += MB) {
    const block = randomBytes(MB)
    hash.update(block)
    if (!out.write(block)) {
      await once(out, 'drain')
    }
  }
  out.end()
  await finished(out)
  return hash.digest('hex')
}

/*
 * A server killed (SIGKILL) in the middle of a large upload and started again:
 * the visitor's tus-js-client finds its upload, asks the offset and sends the
 * rest, and the SHA-256 stored for the upload is the source file's. The
 * running hash died with the process: on the fs disk the resumed request
 * rebuilds it by reading the stored prefix; on s3 the finished object is
 * read back and hashed.
 */
for (const disk of ['fs', 's3'] as const) {
  test.group(`an upload across a server crash (${disk} disk)`, (group) => {
    let directory: string
    let server: TransferProcess
    let database: pg.Client
    const s3 = new TestS3Server()

    group.setup(async () => {
      directory = await mkdtemp(join(tmpdir(), 'upload-restart-'))
      if (disk === 's3') {
        await s3.start()
      }
      server = await new TransferProcess(`restart_${disk}`, disk === 's3' ? s3.env : {}).prepare()
      await server.start()
      database = new pg.Client({ connectionString: server.databaseUrl })
      await database.connect()
      return async () => {
        await database.end()
        await server.cleanup()
        if (disk === 's3') {
          await s3.stop()
        }
        await rm(directory, { recursive: true, force: true })
      }
    })

    async function uploadRow(fileName = 'rushes.mxf') {
      const { rows } = await database.query(
        `select status, size, received_bytes, content_sha256, hash_status
           from public_uploads where file_name = $1`,
        [fileName]
      )
      return rows[0] as
        | {
            status: string
            size: string
            received_bytes: string
            content_sha256: string | null
            hash_status: string
          }
        | undefined
    }

    test("killed mid-upload, restarted, resumed: the stored SHA-256 is the source file's", async ({
      assert,
    }) => {
      const source = join(directory, 'rushes.mxf')
      const sourceHash = await writeSourceFile(source)
      const visitor = new NodeVisitor(`${server.url}/api/public-uploads`, source)

      let killing: Promise<void> | undefined
      const interrupted = await visitor.send((bytesSent) => {
        if (!killing && bytesSent > FILE_SIZE * 0.45) {
          killing = (async () => {
            const row = await uploadRow()
            assert.isAbove(Number(row?.received_bytes), 0, 'progress was saved before the crash')
            await server.kill()
          })()
        }
      })
      await killing
      assert.instanceOf(interrupted, Error, 'the crash stopped the upload')
      const atCrash = await uploadRow()
      assert.equal(atCrash!.status, 'uploading')
      assert.isBelow(Number(atCrash!.received_bytes), FILE_SIZE)

      await server.start()
      const resumed = await visitor.send()
      assert.isNull(resumed, String(resumed))
      assert.equal(visitor.creations, 1, 'the upload was resumed, not created again')
      assert.equal(visitor.resumed, 1)

      let row = await uploadRow()
      if (disk === 'fs') {
        // The restarted process had no running hash: it rebuilt it from the
        // stored prefix while resuming, so the hash is done with the last byte.
        assert.equal(row!.hash_status, 'done', 'rebuilt from the stored prefix, not verified after')
      }
      for (let attempt = 0; attempt < 200 && row!.hash_status === 'verifying'; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 100))
        row = await uploadRow()
      }
      assert.equal(row!.status, 'complete')
      assert.equal(Number(row!.received_bytes), FILE_SIZE)
      assert.equal(row!.hash_status, 'done')
      assert.equal(row!.content_sha256, sourceHash)
    }).timeout(240_000)

    if (disk === 'fs') {
      test('killed twice: each new process rebuilds the hash from the stored prefix', async ({
        assert,
      }) => {
        const source = join(directory, 'second-unit.mxf')
        const sourceHash = await writeSourceFile(source)
        const visitor = new NodeVisitor(`${server.url}/api/public-uploads`, source)

        for (const share of [0.3, 0.65]) {
          let killing: Promise<void> | undefined
          const interrupted = await visitor.send((bytesSent) => {
            if (!killing && bytesSent > FILE_SIZE * share) {
              killing = server.kill()
            }
          })
          await killing
          assert.instanceOf(interrupted, Error, 'the crash stopped the upload')
          await server.start()
        }
        const completed = await visitor.send()
        assert.isNull(completed, String(completed))
        assert.equal(visitor.creations, 1)
        assert.equal(visitor.resumed, 2)

        // No verification pass: the hash was done when the last byte landed.
        const row = await uploadRow('second-unit.mxf')
        assert.equal(row!.status, 'complete')
        assert.equal(row!.hash_status, 'done')
        assert.equal(row!.content_sha256, sourceHash)
      }).timeout(240_000)
    }
  })
}
