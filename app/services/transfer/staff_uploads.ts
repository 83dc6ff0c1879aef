import db from '@adonisjs/lucid/services/db'
import PublicUpload from '#models/transfer/public_upload'
import { serializer } from '#services/shared/serialize'
import StaffUploadTransformer from '#transformers/transfer/staff_upload_transformer'

export type UploadListQuery = {
  search?: string
  status?: 'uploading' | 'complete'
  sort: 'created' | 'name' | 'size'
  order: 'asc' | 'desc'
  page: number
  perPage: number
}

/** As many as the file picker offered when it read the first page of /api/public-uploads. */
const SHAREABLE_LIMIT = 100

const SORT_COLUMNS = { created: 'created_at', name: 'file_name', size: 'size' } as const

/** The staff file list (spec 2: GET /api/public-uploads for staff). */
export class StaffUploads {
  async list(query: UploadListQuery) {
    const builder = PublicUpload.query()
      .select(
        'public_uploads.*',
        db.raw(
          '(SELECT count(*) FROM staff_shares WHERE staff_shares.upload_id = public_uploads.id) AS share_count'
        )
      )
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
    const page = await builder.paginate(query.page, query.perPage)
    return serializer.serialize({
      data: StaffUploadTransformer.transform(page.all()),
      meta: {
        total: page.total,
        page: page.currentPage,
        perPage: page.perPage,
        lastPage: page.lastPage,
      },
    })
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
