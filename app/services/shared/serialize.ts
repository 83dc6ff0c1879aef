import { BaseSerializer } from '@adonisjs/core/transformers'

/**
 * Turns transformer output (`XTransformer.transform(row)`, collections, or
 * an object of them) into the plain JSON a response or a nested page prop
 * carries: `await serializer.serialize(...)`. No wrapping key: each spec
 * fixes its bodies exactly.
 */
class PlainSerializer extends BaseSerializer<{ PaginationMetaData: Record<string, unknown> }> {
  wrap = undefined

  definePaginationMetaData(metaData: unknown) {
    return metaData as Record<string, unknown>
  }
}

export const serializer = new PlainSerializer()
