import { args } from '@adonisjs/core/ace'
import { ScheduleAdminCommand } from '#commands/schedule/_schedule_admin_command'
import type {
  ReferenceListName,
  ReferenceListRow,
  ReferenceLists,
} from '#services/schedule/directory/reference_lists'

/**
 * The reference-list commands: one implementation over the seven lists, as
 * the API has one controller for them (ReferenceLists, its validators and
 * its transformer). An entry is named by its id or its name (any case).
 */
export abstract class ReferenceListCommand extends ScheduleAdminCommand {
  @args.string({
    description:
      'statuses, project-statuses, crew-roles, vendor-types, location-types, regions or activity-types',
  })
  declare list: string

  /**
   * The list the argument names, its service and its entries in their
   * order; null after saying why there is none.
   */
  protected async openList() {
    const {
      REFERENCE_LISTS,
      REFERENCE_LIST_NAMES,
      ReferenceLists: Lists,
    } = await import('#services/schedule/directory/reference_lists')
    const name = REFERENCE_LIST_NAMES.find((candidate) => candidate === this.list)
    if (!name) {
      this.fail(`No list ${this.list}; the lists are ${REFERENCE_LIST_NAMES.join(', ')}`)
      return null
    }
    const lists: ReferenceLists = await this.app.container.make(Lists)
    return { name, lists, singular: REFERENCE_LISTS[name].singular, rows: await lists.list(name) }
  }

  /** The entry `reference` names (an id, else a name in any case); null after saying so. */
  protected findEntry(
    list: { singular: string; rows: ReferenceListRow[] },
    reference: string
  ): ReferenceListRow | null {
    const byId = /^\d+$/.test(reference)
      ? list.rows.find((row) => row.id === Number(reference))
      : undefined
    const found =
      byId ?? list.rows.find((row) => row.name.toLowerCase() === reference.toLowerCase())
    if (!found) {
      this.fail(`No ${list.singular} ${reference}`)
      return null
    }
    return found
  }

  /**
   * The fields through the list's own validator (POST or PATCH
   * /api/<list>). A field this list does not have is refused, where the API
   * would drop it, so an operator's flag is never ignored in silence.
   */
  protected async validFields<Mode extends 'create' | 'update'>(
    name: ReferenceListName,
    mode: Mode,
    singular: string,
    given: Record<string, unknown>
  ) {
    const { referenceListValidators } =
      await import('#validators/schedule/reference_list_validators')
    const fields = Object.fromEntries(
      Object.entries(given).filter(([, value]) => value !== undefined)
    )
    const valid = await referenceListValidators[name][mode].validate(fields)
    const dropped = Object.keys(fields).filter((field) => !(field in valid))
    if (dropped.length > 0) {
      this.fail(`A ${singular} has no ${dropped.map(flagOf).join(' or ')}`)
      return null
    }
    return valid as Mode extends 'create' ? typeof valid & { name: string } : typeof valid
  }

  /** The entries as GET /api/<list> answers them. */
  protected async itemsJson(rows: ReferenceListRow[]) {
    const { serializer } = await import('#services/shared/serialize')
    const { default: ReferenceListItemTransformer } =
      await import('#transformers/schedule/reference_list_item_transformer')
    return serializer.serialize(ReferenceListItemTransformer.transform(rows))
  }
}

/** The command-line flag of a field: isDefault is --default, booksPerson --books-person. */
function flagOf(field: string) {
  const flag =
    field === 'isDefault' ? 'default' : field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)
  return `--${flag}`
}
