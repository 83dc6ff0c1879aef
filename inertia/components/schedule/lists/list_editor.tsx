import { useEffect, useRef, useState, type FormEvent } from 'react'
import type { Data } from '~generated/data'
import { api, errorMessage } from '~/components/shared/api'
import { SortableList } from '~/components/shared/sortable_list'
import { Button } from '~/components/shared/ui/button'
import { ConfirmDialog } from '~/components/shared/ui/confirm_dialog'
import { EmptyState } from '~/components/shared/ui/empty_state'
import { CloseIcon } from '~/components/shared/ui/icons'
import { useToast } from '~/components/shared/ui/toast'
import type { SaveStatus } from '~/components/shared/use_auto_save'
import {
  combinedStatus,
  describedBy,
  sameText,
  useFieldSave,
} from '~/components/shared/save_feedback'
import { SaveStatusBeside } from '~/components/schedule/save_status'

/** Any of the six lists: statuses carry an icon, "books" and a default; project statuses an icon and a default. */
export type ListItem = Data.Schedule.NamedListItem &
  Partial<Pick<Data.Schedule.Status, 'icon' | 'booksPerson' | 'isDefault'>>

export type ListKind = {
  url: string
  title: string
  noun: string
  description: string
  /** What deleting one does to the records that use it. */
  deleteNote: string
  hasIcon?: boolean
  hasBooksPerson?: boolean
  hasDefault?: boolean
  colorRequired?: boolean
}

const NEW_COLOR = '#64748b'

/**
 * One list: rows edited in place (each change saves at once, with feedback),
 * dragged into order, deleted after a confirmation, and a form to add one.
 */
export function ListEditor(props: { kind: ListKind; items: ListItem[] }) {
  const { kind } = props
  const toast = useToast()
  // The page's first data; from then on this editor keeps the list as it saves.
  const [items, setItems] = useState<ListItem[]>(props.items)

  /** A row's saved fields (only those: an answer that overtook another field's must not undo it). */
  function replace(id: number, saved: Partial<ListItem>) {
    setItems((current) =>
      current.map((item) => {
        if (item.id === id) {
          return { ...item, ...saved }
        }
        // One default per list: the server clears the others, so does the page.
        return saved.isDefault && item.isDefault ? { ...item, isDefault: false } : item
      })
    )
  }

  async function reorder(next: ListItem[]) {
    const before = items
    setItems(next)
    try {
      setItems(
        await api<ListItem[]>('PUT', `${kind.url}/order`, { ids: next.map((item) => item.id) })
      )
    } catch (error) {
      setItems(before)
      toast.error(
        `Could not save the order of ${kind.title}, so the old one is back: ${errorMessage(error)}`
      )
    }
  }

  async function remove(item: ListItem) {
    try {
      await api('DELETE', `${kind.url}/${item.id}`)
      setItems((current) => current.filter((other) => other.id !== item.id))
      toast.success(`${item.name} was deleted.`)
    } catch (error) {
      toast.error(`Could not delete ${item.name}: ${errorMessage(error)}`)
    }
  }

  const headingId = `list-${kind.url.split('/').pop()}`
  // Header and rows share one grid, whose columns depend on what the list has.
  const columns = `sc-cols${kind.hasIcon ? '-icon' : ''}${kind.hasBooksPerson ? '-books' : ''}${kind.hasDefault ? '-default' : ''}`
  return (
    <section className={`ui-panel sc-list-editor ${columns}`} aria-labelledby={headingId}>
      <h2 id={headingId}>{kind.title}</h2>
      <p className="ui-muted">{kind.description}</p>
      {items.length === 0 && (
        <EmptyState
          headingLevel={3}
          title={`No ${kind.title.toLowerCase()} yet`}
          description={`Add the first ${kind.noun} below; it is offered everywhere at once.`}
        />
      )}
      {items.length > 0 && (
        <>
          <div className="sc-list-head ui-muted" aria-hidden="true">
            <span>Name</span>
            {kind.hasIcon && <span>Icon</span>}
            <span>Colour</span>
            {kind.hasBooksPerson && <span>Books</span>}
            {kind.hasDefault && <span>Default</span>}
            <span />
            <span />
          </div>
          <SortableList
            className="sc-list-rows"
            items={items}
            itemId={(item) => String(item.id)}
            itemLabel={(item) => item.name}
            onReorder={(next) => void reorder(next)}
          >
            {(item) => (
              <ListRow
                kind={kind}
                item={item}
                onSaved={(saved) => replace(item.id, saved)}
                onDelete={() => remove(item)}
              />
            )}
          </SortableList>
        </>
      )}
      <AddListItem kind={kind} onAdded={(item) => setItems((current) => [...current, item])} />
    </section>
  )
}

function ListRow(props: {
  kind: ListKind
  item: ListItem
  onSaved: (saved: Partial<ListItem>) => void
  onDelete: () => Promise<void>
}) {
  const { kind, item } = props
  const colorTimer = useRef<ReturnType<typeof setTimeout>>(undefined)

  useEffect(() => () => clearTimeout(colorTimer.current), [])

  async function save<K extends keyof ListItem>(key: K, value: ListItem[K]) {
    const saved = await api<ListItem>('PATCH', `${kind.url}/${item.id}`, { [key]: value })
    props.onSaved({ [key]: saved[key] })
  }

  const name = useFieldSave(
    item.name,
    (value) => {
      if (!value.trim()) {
        throw new Error('A name is needed.')
      }
      return save('name', value.trim())
    },
    sameText
  )
  const icon = useFieldSave(
    item.icon ?? '',
    (value) => save('icon', value.trim() || null),
    sameText
  )
  const color = useFieldSave(item.color, (value) => save('color', value))
  const booksPerson = useFieldSave(Boolean(item.booksPerson), (value) => save('booksPerson', value))
  const isDefault = useFieldSave(Boolean(item.isDefault), (value) => save('isDefault', value))
  const fields = [name, icon, color, booksPerson, isDefault]
  // The row has one status cell: the first refusal with its Retry, else how saving stands.
  const refused = fields.find((field) => field.status.state === 'failed')
  const errorId = `${kind.url.split('/').pop()}-${item.id}-error`
  const described = (field: { status: SaveStatus }) => describedBy(field.status, errorId)

  function changeColor(next: string | null) {
    color.change(next)
    clearTimeout(colorTimer.current)
    colorTimer.current = setTimeout(() => color.commit(next), next === null ? 0 : 500)
  }

  return (
    <div className="sc-list-row">
      <input
        className="ui-input"
        aria-label={`Name of ${item.name}`}
        required
        maxLength={200}
        value={name.value}
        onChange={(event) => name.change(event.target.value)}
        onBlur={() => name.commit()}
        onKeyDown={(event) => event.key === 'Enter' && event.currentTarget.blur()}
        {...described(name)}
      />
      {kind.hasIcon && (
        <input
          className="ui-input sc-icon-input"
          aria-label={`Icon of ${item.name}`}
          placeholder="✓"
          maxLength={16}
          value={icon.value}
          onChange={(event) => icon.change(event.target.value)}
          onBlur={() => icon.commit()}
          {...described(icon)}
        />
      )}
      <span className="sc-color-cell">
        {color.value === null ? (
          <Button size="small" variant="ghost" onClick={() => changeColor(NEW_COLOR)}>
            Add colour
          </Button>
        ) : (
          <>
            <input
              type="color"
              aria-label={`Colour of ${item.name}`}
              value={color.value}
              onChange={(event) => changeColor(event.target.value)}
              {...described(color)}
            />
            {!kind.colorRequired && (
              <button
                type="button"
                className="ui-icon-button"
                aria-label={`Remove the colour of ${item.name}`}
                onClick={() => changeColor(null)}
              >
                <CloseIcon size={16} />
              </button>
            )}
          </>
        )}
      </span>
      {kind.hasBooksPerson && (
        <label className="sc-check-label" title="Counts as booked: can cause a double booking">
          <input
            type="checkbox"
            checked={booksPerson.value}
            onChange={(event) => {
              booksPerson.change(event.target.checked)
              booksPerson.commit(event.target.checked)
            }}
            {...described(booksPerson)}
          />
          <span className="ui-visually-hidden">{item.name} books the person</span>
          <span className="sc-list-caption" aria-hidden="true">
            Books
          </span>
        </label>
      )}
      {kind.hasDefault && (
        <label className="sc-check-label">
          <input
            type="radio"
            name={`default-${kind.url}`}
            checked={isDefault.value}
            onChange={() => {
              isDefault.change(true)
              isDefault.commit(true)
            }}
            {...described(isDefault)}
          />
          <span className="ui-visually-hidden">{item.name} is the default</span>
          <span className="sc-list-caption" aria-hidden="true">
            Default
          </span>
        </label>
      )}
      <span>
        <SaveStatusBeside
          status={refused?.status ?? combinedStatus(fields.map((field) => field.status))}
          errorId={errorId}
          onRetry={refused?.retry}
        />
      </span>
      <ConfirmDialog
        trigger={
          <Button size="small" variant="ghost">
            Delete
          </Button>
        }
        title={`Delete ${item.name}?`}
        description={kind.deleteNote}
        confirmLabel="Delete"
        onConfirm={props.onDelete}
      />
    </div>
  )
}

function AddListItem(props: { kind: ListKind; onAdded: (item: ListItem) => void }) {
  const { kind } = props
  const toast = useToast()
  const [name, setName] = useState('')
  const [icon, setIcon] = useState('')
  const [color, setColor] = useState(NEW_COLOR)
  const [busy, setBusy] = useState(false)

  async function add(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    try {
      const item = await api<ListItem>('POST', kind.url, {
        name: name.trim(),
        color,
        ...(kind.hasIcon && icon.trim() ? { icon: icon.trim() } : {}),
      })
      props.onAdded(item)
      setName('')
      setIcon('')
    } catch (error) {
      toast.error(`Could not add ${name.trim()}: ${errorMessage(error)}`)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="sc-inline-form" onSubmit={add} aria-label={`Add a ${kind.noun}`}>
      <input
        className="ui-input"
        aria-label={`New ${kind.noun}`}
        placeholder={`New ${kind.noun}`}
        required
        maxLength={200}
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      {kind.hasIcon && (
        <input
          className="ui-input sc-icon-input"
          aria-label={`Icon of the new ${kind.noun}`}
          placeholder="Icon"
          maxLength={16}
          value={icon}
          onChange={(event) => setIcon(event.target.value)}
        />
      )}
      <input
        type="color"
        aria-label={`Colour of the new ${kind.noun}`}
        value={color}
        onChange={(event) => setColor(event.target.value)}
      />
      <Button type="submit" size="small" loading={busy} disabled={!name.trim()}>
        Add
      </Button>
    </form>
  )
}
