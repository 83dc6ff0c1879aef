import { randomBytes } from 'node:crypto'
import { IncomingMessage } from 'node:http'
import { pipeline } from 'node:stream/promises'
import { inject } from '@adonisjs/core'
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import type { HttpContext } from '@adonisjs/core/http'
import { Server } from '@tus/server'
import {
  type CancellationContext,
  type DataStore,
  ERRORS,
  StreamLimiter,
  TUS_RESUMABLE,
  type Upload,
} from '@tus/utils'
import { NodeRequest } from 'srvx/node'
import { transferConfig } from '#config/transfer'
import type PublicUpload from '#models/transfer/public_upload'
import { HashingUploadStore } from '#services/transfer/hashing_upload_store'
import { PostgresUploadLocker } from '#services/transfer/postgres_upload_locker'
import { PublicUploadIntake, type UploadCreation } from '#services/transfer/public_upload_intake'
import { UploadContentHash } from '#services/transfer/upload_content_hash'
import {
  type CreationRefusal,
  UploadCreationLimits,
} from '#services/transfer/upload_creation_limits'
import { UploadStorage } from '#services/transfer/upload_storage'

/** Where an upload lives once created: HEAD, PATCH and DELETE go there. */
export const TUS_UPLOAD_PATH = '/api/public-uploads/tus'

/** Upload ids are ours: 128 random bits as hex, never a name a client chose. */
const UPLOAD_KEY = /^[0-9a-f]{32}$/

/*
 * One tus server per storage (tests swap the disk), one lock table per process.
 * The creation request's details reach tus' hooks keyed by the request object.
 */
const servers = new WeakMap<UploadStorage, Server>()
const creations = new WeakMap<object, UploadCreation>()
let locker: PostgresUploadLocker | undefined

/**
 * The tus protocol (via @tus/server) inside AdonisJS routes. tus reads the
 * request body straight from Node's request (the body parser leaves
 * application/offset+octet-stream alone) and answers with a web Response,
 * which is relayed through AdonisJS's response: the security headers, the
 * session cookie and the `{ error }` shape then apply as on every route.
 */
@inject()
export class TusUploadEndpoint {
  constructor(protected storage: UploadStorage) {}

  async create(ctx: HttpContext, creation: UploadCreation) {
    const server = this.server()
    const limits = new UploadCreationLimits(this.storage)
    const size = declaredSize(ctx)
    const refusal = size === null ? null : await limits.refusal(ctx.request.ip(), size)
    if (refusal) {
      return refuse(ctx, refusal)
    }
    const request = nodeRequest(ctx)
    creations.set(request, creation)
    const answer = await server.handleWeb(request)
    if (answer.status >= 400 && creation.storageKey) {
      await new PublicUploadIntake(this.storage).discard(creation.storageKey)
    } else if (creation.storageKey) {
      await limits.noteClient(creation.storageKey, ctx.request.ip())
    }
    return relay(ctx, answer)
  }

  /** HEAD, PATCH or DELETE on an upload the caller owns. */
  async resource(ctx: HttpContext, upload: PublicUpload) {
    const request = ctx.request.method() === 'PATCH' ? nodeBodyRequest(ctx) : nodeRequest(ctx)
    const answer = await this.server().handleWeb(request)
    if (ctx.request.method() === 'DELETE' && answer.status === 204) {
      await new PublicUploadIntake(this.storage).discard(upload.storageKey)
    }
    return relay(ctx, answer)
  }

  protected server() {
    let server = servers.get(this.storage)
    if (!server) {
      server = createTusServer(this.storage)
      servers.set(this.storage, server)
    }
    return server
  }
}

function createTusServer(storage: UploadStorage) {
  const intake = new PublicUploadIntake(storage)
  const server = new Server({
    path: TUS_UPLOAD_PATH,
    datastore: new HashingUploadStore(storage.datastore(), new UploadContentHash(storage)),
    maxSize: transferConfig.maxUploadBytes,
    locker: sharedLocker(),
    namingFunction: () => randomBytes(16).toString('hex'),
    generateUrl: (_request, { id }) => `${TUS_UPLOAD_PATH}/${id}`,
    getFileIdFromRequest: (_request, lastPath) =>
      lastPath && UPLOAD_KEY.test(lastPath) ? lastPath : undefined,
    // Same origin only: no CORS headers for other sites.
    allowedOrigins: () => false,
    // A finished upload belongs to staff; its uploader can no longer remove it.
    disableTerminationForFinishedUploads: true,
    async onUploadCreate(request, upload) {
      const creation = creations.get(request)
      if (!creation || upload.size === undefined) {
        throw { status_code: 403, body: 'Upload creation refused' }
      }
      await intake.open(upload.id, upload.size, creation)
      return {}
    },
    async onUploadFinish(_request, upload) {
      await intake.finish(upload.id)
      return {}
    },
    // tus answers its own errors; the unexpected ones still belong in the log.
    onResponseError(_request, error) {
      if (error instanceof Error) {
        logger.error({ err: error }, 'tus upload request failed')
      }
      return undefined
    },
  })
  streamNodeBodies(server)
  return server
}

/**
 * A PATCH request as tus sees it, with Node's request itself as its body.
 * srvx would make the body a web stream (Readable.toWeb, which copies every
 * chunk) that tus turns back into a Node stream (Readable.fromWeb): at upload
 * speeds that round trip and its garbage cost more than the disk does.
 */
function nodeBodyRequest(ctx: HttpContext) {
  const request = nodeRequest(ctx)
  Object.defineProperty(request, 'body', { value: ctx.request.request })
  return request
}

/**
 * Replaces the write step of tus' PATCH handler with one that streams
 * Node's request (nodeBodyRequest) as it is, keeping tus' size limit and its
 * cancellation: when the lock is released to a newer request or the client
 * drops, reading stops and what arrived is stored. Any other body goes
 * through tus' own step.
 */
function streamNodeBodies(server: Server) {
  const handler = server.handlers.PATCH
  const tusWrite = handler['writeToStore'].bind(handler)
  handler['writeToStore'] = (body, upload, maxSize, context) => {
    const source: unknown = body
    return source instanceof IncomingMessage
      ? writeNodeBody(server.datastore, source, upload, maxSize, context)
      : tusWrite(body, upload, maxSize, context)
  }
}

async function writeNodeBody(
  store: DataStore,
  source: IncomingMessage,
  upload: Upload,
  maxSize: number,
  context: CancellationContext
) {
  if (context.signal.aborted) {
    throw ERRORS.ABORTED
  }
  const limiter = new StreamLimiter(maxSize)
  let sourceError: unknown
  const stop = () => {
    source.unpipe(limiter)
    if (!limiter.destroyed) {
      limiter.end()
    }
  }
  const onSourceError = (error: Error) => {
    sourceError = error
    source.unpipe(limiter)
    // An aborted request ends gracefully (stop above); anything else fails the write.
    if (!context.signal.aborted) {
      limiter.destroy(error)
    }
  }
  source.on('error', onSourceError)
  context.signal.addEventListener('abort', stop, { once: true })
  // pipe, not pipeline: a failed write must not destroy the request (the
  // client then reads tus' answer instead of a reset connection).
  source.pipe(limiter)
  try {
    return await pipeline(limiter, () => store.write(limiter, upload.id, upload.offset))
  } catch (error) {
    source.unpipe(limiter)
    const aborted = error instanceof Error && error.name === 'AbortError'
    throw error === sourceError || aborted ? ERRORS.ABORTED : error
  } finally {
    source.off('error', onSourceError)
    context.signal.removeEventListener('abort', stop)
  }
}

function sharedLocker() {
  if (!locker) {
    const created = new PostgresUploadLocker(
      app.config.get<string>('database.connections.postgres.connection.connectionString')
    )
    app.terminating(() => created.close())
    locker = created
  }
  return locker
}

function nodeRequest(ctx: HttpContext) {
  return new NodeRequest({ req: ctx.request.request, res: ctx.response.response })
}

/**
 * The Upload-Length of a creation tus will accept; null for anything else,
 * which tus then refuses in its own words (missing, malformed, over 50 GB).
 */
function declaredSize({ request }: HttpContext) {
  const header = request.header('upload-length') ?? ''
  const size = /^\d{1,15}$/.test(header) ? Number(header) : null
  return size !== null && size <= transferConfig.maxUploadBytes ? size : null
}

/** A creation refused before tus sees it, answered as tus answers its own refusals. */
function refuse({ response }: HttpContext, refusal: CreationRefusal) {
  response.status(refusal.status).header('Tus-Resumable', TUS_RESUMABLE)
  if (refusal.retryAfter) {
    response.header('Retry-After', String(refusal.retryAfter))
  }
  response.send({ error: refusal.error })
}

/** tus' answer through AdonisJS; its plain-text errors become `{ error }`. */
async function relay({ response }: HttpContext, answer: Response) {
  answer.headers.forEach((value, name) => {
    if (!/^(content-length|content-type|access-control-)/i.test(name)) {
      response.header(name, value)
    }
  })
  const text = await answer.text()
  response.status(answer.status)
  if (answer.status >= 400) {
    response.send({ error: text.trim() || 'Upload request failed' })
  }
}
