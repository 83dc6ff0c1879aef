import db from '@adonisjs/lucid/services/db'
import PublicUpload from '#models/transfer/public_upload'

export type UploadListQuery = {
  search?: string
  status?: 'uploading' | 'complete'
  sort: 'created' | 'name' | 'size'
  order: 'asc' | 'desc'
  page: number
  perPage: number
}

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
    return {
      data: page.all().map((upload) => this.view(upload)),
      meta: {
        total: page.total,
        page: page.currentPage,
        perPage: page.perPage,
        lastPage: page.lastPage,
      },
    }
  }

  view(upload: PublicUpload) {
    return {
      id: upload.id,
      fileName: upload.fileName,
      mimeType: upload.mimeType,
      size: upload.size,
      receivedBytes: upload.receivedBytes,
      status: upload.status,
      uploaderName: upload.uploaderName,
      uploaderEmail: upload.uploaderEmail,
      message: upload.message,
      sha256: upload.contentSha256,
      hashStatus: upload.hashStatus,
      backupStatus: upload.backupStatus,
      createdAt: upload.createdAt.toISO(),
      completedAt: upload.completedAt?.toISO() ?? null,
      expiresAt: upload.expiresAt?.toISO() ?? null,
      shareCount: Number(upload.$extras.share_count ?? 0),
    }
  }
}
