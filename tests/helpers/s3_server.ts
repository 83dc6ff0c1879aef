import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import S3rver from 's3rver'
import { freePort } from '#services/shared/local_stack'
import { withMultipartListing } from '#tests/helpers/s3rver_multipart'

/** s3rver's fixed credentials: it checks signatures, so clients sign with these. */
const ACCESS_KEY = 'S3RVER'
const SECRET_KEY = 'S3RVER'

/**
 * A real S3-compatible server on loopback (s3rver), with one empty bucket and
 * its data in a temporary directory. `options` plug into S3UploadStorage;
 * `env` into a transfer process started with TRANSFER_DISK=s3.
 */
export class TestS3Server {
  readonly bucket = 'transfer-test'
  #server?: S3rver
  #directory = ''
  port = 0

  /** `parent`: where its data folder goes (default the system's temporary folder). */
  async start(parent = tmpdir()) {
    this.#directory = await mkdtemp(join(parent, 's3rver-'))
    this.port = await freePort()
    this.#server = new S3rver({
      address: '127.0.0.1',
      port: this.port,
      silent: true,
      directory: this.#directory,
      configureBuckets: [{ name: this.bucket, configs: [] }],
    })
    withMultipartListing(this.#server)
    await this.#server.run()
    return this
  }

  async stop() {
    await this.#server?.close()
    await rm(this.#directory, { recursive: true, force: true })
  }

  get endpoint() {
    return `http://127.0.0.1:${this.port}`
  }

  get options() {
    return {
      bucket: this.bucket,
      endpoint: this.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY },
    }
  }

  get env() {
    return {
      TRANSFER_DISK: 's3',
      OBJSTORE_ENDPOINT: this.endpoint,
      OBJSTORE_REGION: 'us-east-1',
      OBJSTORE_BUCKET_NAME: this.bucket,
      OBJSTORE_ACCESS_KEY_ID: ACCESS_KEY,
      OBJSTORE_SECRET_ACCESS_KEY: SECRET_KEY,
    }
  }
}
