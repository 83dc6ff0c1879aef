import db from '@adonisjs/lucid/services/db'
import PublicUpload from '#models/transfer/public_upload'
import { serializer } from '#services/shared/serialize'
import StaffUploadTransformer from '#transformers/transfer/staff_upload_transformer'

/** Which uploads: those whose name, sender or email contains `search`, in a status. */
export type UploadFilter = {
  search?: string
  status?: 'uploading' | 'complete'
}

export type UploadListQuery = UploadFilter & {
  sort: 'created' | 'name' | 'size'
  order: 'asc' | 'desc'
  page: number
  perPage: number
}

/**
 * The list as GET /api/public-uploads reads it from what its validator
 * accepted: newest first, 25 a page unless asked otherwise.
 */
export function uploadListQuery(asked: Partial<UploadListQuery>): UploadListQuery {
  return {
    search: asked.search || undefined,
    status: asked.status,
    sort: asked.sort ?? 'created',
    order: asked.order ?? 'desc',
    page: asked.page ?? 1,
    perPage: asked.perPage ?? 25,
  }
}

/** As many as the file picker offered when it read the first page of /api/public-uploads. */
const SHAREABLE_LIMIT = 100

const SORT_COLUMNS = { created: 'created_at', name: 'file_name', size: 'size' } as const

/*
 * What keeps a file past its own expiry (ExpiredCleanup removes it only when
 * no live share offers it): the live shares without an end, and the latest
 * end of the others.
 */
const LIVE_SHARES = `FROM staff_shares
  WHERE staff_shares.upload_id = public_uploads.id
    AND (staff_shares.expires_at IS NULL OR staff_shares.expires_at > now())`

/**
 * The staff file list (spec 2: GET /api/public-uploads for staff, and the
 * uploads page, whose rows also say when the hourly cleanup deletes each file).
 */
export class StaffUploads {
  async list(query: UploadListQuery) {
    const page = await this.matching(query).paginate(query.page, query.perPage)
    return serializer.serialize({
      data: StaffUploadTransformer.transform(page.all()),
      meta: this.metaOf(page),
    })
  }

  /** The same page of the list for the uploads page, each row with when it will be deleted. */
  async listForPage(query: UploadListQuery) {
    const page = await this.withPageColumns(this.matching(query)).paginate(
      query.page,
      query.perPage
    )
    return serializer.serialize({
      data: StaffUploadTransformer.transform(page.all()).useVariant('forUploadsPage'),
      meta: this.metaOf(page),
    })
  }

  /** One upload as a row of the uploads page shows it (`transfer:uploads:show`), or null. */
  async find(id: string) {
    const upload = await this.withPageColumns(this.withShareCount()).where('id', id).first()
    return upload
      ? serializer.serialize(StaffUploadTransformer.transform(upload).useVariant('forUploadsPage'))
      : null
  }

  /**
   * Every upload the filter matches, oldest first (for a bulk delete from the
   * terminal, which shows them before it removes them).
   */
  async matchingAll(filter: UploadFilter) {
    return this.matching({ ...filter, sort: 'created', order: 'asc' })
  }

  /** The uploads with these ids, oldest first, each with its share count. */
  async withIds(ids: string[]) {
    return this.withShareCount()
      .whereIn('id', ids)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
  }

  /** The uploads with exactly this file name, so an operator can name a file instead of its id. */
  async named(fileName: string) {
    return PublicUpload.query()
      .where('file_name', fileName)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
  }

  protected withShareCount() {
    return PublicUpload.query().select(
      'public_uploads.*',
      db.raw(
        '(SELECT count(*) FROM staff_shares WHERE staff_shares.upload_id = public_uploads.id) AS share_count'
      )
    )
  }

  protected withPageColumns(builder: ReturnType<StaffUploads['withShareCount']>) {
    return builder.select(
      db.raw(
        `(SELECT count(*) ${LIVE_SHARES} AND staff_shares.expires_at IS NULL) AS open_share_count`
      ),
      db.raw(`(SELECT max(staff_shares.expires_at) ${LIVE_SHARES}) AS last_share_end`)
    )
  }

  protected matching(query: UploadFilter & Pick<UploadListQuery, 'sort' | 'order'>) {
    const builder = this.withShareCount()
      .orderBy(SORT_COLUMNS[query.sort], query.order)
      .orderBy('id', query.order)
    if (query.status) {
      builder.where('status', query.status)
    }
    if (query.search) {
      // ILIKE with the pattern characters escaped: "50%" finds "50%", not everything.
      const pattern = `%${query.search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`
      builder.where((where) =>
        where
          .whereILike('file_name', pattern)
          .orWhereILike('uploader_name', pattern)
          .orWhereILike('uploader_email', pattern)
      )
    }
    return builder
  }

  protected metaOf(page: {
    total: number
    currentPage: number
    perPage: number
    lastPage: number
  }) {
    return {
      total: page.total,
      page: page.currentPage,
      perPage: page.perPage,
      lastPage: page.lastPage,
    }
  }

  /**
   * The newest finished uploads, for the new-share form's file picker; an
   * older one is shared from its row on the uploads page.
   */
  async shareable() {
    const uploads = await PublicUpload.query()
      .where('status', 'complete')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(SHAREABLE_LIMIT)
    return serializer.serialize(StaffUploadTransformer.transform(uploads).useVariant('forPicker'))
  }
}
