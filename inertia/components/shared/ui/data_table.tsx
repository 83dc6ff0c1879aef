import type { ReactNode } from 'react'
import { classNames } from './class_names'
import { PHONE_QUERY, useMediaQuery } from './use_media_query'

export type DataColumn<Row> = {
  key: string
  header: string
  cell: (row: Row) => ReactNode
  /** Numbers and sizes line up on the right. */
  align?: 'start' | 'end'
  /** Shown as the card's title on a phone instead of as a labelled value. */
  primary?: boolean
  /** Keep on one line (dates, sizes) on wide screens. */
  nowrap?: boolean
}

export type DataTableProps<Row> = {
  /** Names the table for screen readers (and the card list on a phone). */
  caption: string
  /** Show the caption on screen too. */
  showCaption?: boolean
  columns: DataColumn<Row>[]
  rows: Row[]
  rowKey: (row: Row) => string | number
  /** The row's buttons or links: a last column, or the card's footer. */
  actions?: (row: Row) => ReactNode
  actionsHeader?: string
  /** Shown instead of the table when there are no rows (an EmptyState). */
  empty?: ReactNode
}

/**
 * Rows of records. On wide screens a real table (header cells, a caption);
 * below 640 px each row is a card with its values labelled and its actions
 * underneath, so nothing scrolls sideways off a phone.
 */
export function DataTable<Row>({
  caption,
  showCaption = false,
  columns,
  rows,
  rowKey,
  actions,
  actionsHeader = 'Actions',
  empty,
}: DataTableProps<Row>) {
  const phone = useMediaQuery(PHONE_QUERY)
  if (rows.length === 0 && empty) {
    return <>{empty}</>
  }
  if (phone) {
    const primary = columns.find((column) => column.primary)
    const others = columns.filter((column) => column !== primary)
    return (
      <div className="ui-cards-wrap">
        {showCaption && <h3 className="ui-table-caption">{caption}</h3>}
        <ul className="ui-cards" aria-label={caption}>
          {rows.map((row) => (
            <li key={rowKey(row)} className="ui-card-row">
              {primary && <div className="ui-card-row-title">{primary.cell(row)}</div>}
              <dl className="ui-card-row-values">
                {others.map((column) => (
                  <div key={column.key} className="ui-card-row-value">
                    <dt>{column.header}</dt>
                    <dd>{column.cell(row)}</dd>
                  </div>
                ))}
              </dl>
              {actions && <div className="ui-card-row-actions">{actions(row)}</div>}
            </li>
          ))}
        </ul>
      </div>
    )
  }
  return (
    <div className="ui-table-wrap">
      <table className="ui-table">
        <caption className={classNames('ui-table-caption', !showCaption && 'ui-visually-hidden')}>
          {caption}
        </caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={classNames(column.align === 'end' && 'ui-align-end')}
              >
                {column.header}
              </th>
            ))}
            {actions && (
              <th scope="col" className="ui-align-end">
                <span className="ui-visually-hidden">{actionsHeader}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td
                  key={column.key}
                  className={classNames(
                    column.align === 'end' && 'ui-align-end',
                    column.nowrap && 'ui-nowrap'
                  )}
                >
                  {column.cell(row)}
                </td>
              ))}
              {actions && (
                <td className="ui-align-end">
                  <div className="ui-table-actions">{actions(row)}</div>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
