import { useEffect, useRef, useState, type FormEvent } from 'react'
import { api } from '../../shared/http'
import { ConfirmButton } from '../../shared/confirm_button'
import { errorMessage } from '../errors'
import { SortableList } from '../sortable_list'
import { useDraft } from '../use_draft'
import { useToast } from '../toasts'
import { SaveFeedback, type SaveState } from '../save_feedback'

/** Any of the six lists: statuses carry an icon, "books" and a default; project statuses an icon and a default. */
export type ListItem = {
  id: number
  name: string
  color: string | null
  sortOrder: number
  icon?: string | null
  booksPerson?: boolean
  isDefault?: boolean
}

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
export function ListEditor(props: { kind: ListKind }) {
  const { kind } = props
  const toast = useToast()
  const [items, setItems] = useState<ListItem[] | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)

  useEffect(() => {
    api<ListItem[]>('GET', kind.url)
      .then(setItems)
      .catch((error: unknown) =>
        setLoadError(`Could not load ${kind.title}: ${errorMessage(error)}`)
      )
  }, [kind.url, kind.title])

  function replace(updated: ListItem) {
    setItems(
      (current) =>
        current?.map((item) => {
          if (item.id === updated.id) {
            return updated
          }
          // One default per list: the server clears the others, so does the page.
          return updated.isDefault && item.isDefault ? { ...item, isDefault: false } : item
        }) ?? null
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
      setItems((current) => current?.filter((other) => other.id !== item.id) ?? null)
      toast.info(`${item.name} was deleted.`)
    } catch (error) {
      toast.error(`Could not delete ${item.name}: ${errorMessage(error)}`)
    }
  }

  const headingId = `list-${kind.url.split('/').pop()}`
  // Header and rows share one grid, whose columns depend on what the list has.
  const columns = `sc-cols${kind.hasIcon ? '-icon' : ''}${kind.hasBooksPerson ? '-books' : ''}${kind.hasDefault ? '-default' : ''}`
  return (
    <section className={`card sc-list-editor ${columns}`} aria-labelledby={headingId}>
      <h2 id={headingId}>{kind.title}</h2>
      <p className="muted small">{kind.description}</p>
      {loadError && (
        <p className="error" role="alert">
          {loadError}
        </p>
      )}
      {items === null && !loadError && <p className="muted">Loading…</p>}
      {items?.length === 0 && (
        <p className="sc-empty">No {kind.title.toLowerCase()} yet. Add the first one below.</p>
      )}
      {items && items.length > 0 && (
        <>
          <div className="sc-list-head muted small" aria-hidden="true">
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
                onSaved={replace}
                onDelete={() => void remove(item)}
              />
            )}
          </SortableList>
        </>
      )}
      <AddListItem
        kind={kind}
        onAdded={(item) => setItems((current) => [...(current ?? []), item])}
      />
    </section>
  )
}

function ListRow(props: {
  kind: ListKind
  item: ListItem
  onSaved: (item: ListItem) => void
  onDelete: () => void
}) {
  const { kind, item } = props
  const [draft, setDraft] = useDraft(item, (stored) => stored)
  const [save, setSave] = useState<SaveState>()
  const colorTimer = useRef<ReturnType<typeof setTimeout>>(undefined)

  useEffect(() => () => clearTimeout(colorTimer.current), [])

  async function commit(changes: Partial<ListItem>) {
    setSave({ state: 'saving' })
    try {
      props.onSaved(await api<ListItem>('PATCH', `${kind.url}/${item.id}`, changes))
      setSave({ state: 'saved' })
    } catch (error) {
      setDraft(item)
      setSave({ state: 'error', message: errorMessage(error) })
    }
  }

  function changeColor(color: string | null) {
    setDraft({ ...draft, color })
    clearTimeout(colorTimer.current)
    colorTimer.current = setTimeout(() => void commit({ color }), color === null ? 0 : 500)
  }

  return (
    <div className="sc-list-row">
      <input
        aria-label={`Name of ${item.name}`}
        required
        maxLength={200}
        value={draft.name}
        onChange={(event) => setDraft({ ...draft, name: event.target.value })}
        onBlur={() => {
          const name = draft.name.trim()
          if (name === '') {
            setDraft(item)
            setSave({ state: 'error', message: 'A name is needed.' })
          } else if (name !== item.name) {
            void commit({ name })
          }
        }}
        onKeyDown={(event) => event.key === 'Enter' && event.currentTarget.blur()}
      />
      {kind.hasIcon && (
        <input
          className="sc-icon-input"
          aria-label={`Icon of ${item.name}`}
          placeholder="✓"
          maxLength={16}
          value={draft.icon ?? ''}
          onChange={(event) => setDraft({ ...draft, icon: event.target.value })}
          onBlur={() => {
            const icon = draft.icon?.trim() || null
            if (icon !== (item.icon ?? null)) {
              void commit({ icon })
            }
          }}
        />
      )}
      <span className="sc-color-cell">
        {draft.color === null ? (
          <button type="button" className="link small" onClick={() => changeColor(NEW_COLOR)}>
            Add colour
          </button>
        ) : (
          <>
            <input
              type="color"
              aria-label={`Colour of ${item.name}`}
              value={draft.color}
              onChange={(event) => changeColor(event.target.value)}
            />
            {!kind.colorRequired && (
              <button
                type="button"
                className="link small"
                aria-label={`Remove the colour of ${item.name}`}
                onClick={() => changeColor(null)}
              >
                ×
              </button>
            )}
          </>
        )}
      </span>
      {kind.hasBooksPerson && (
        <label className="sc-check-label" title="Counts as booked: can cause a double booking">
          <input
            type="checkbox"
            checked={Boolean(draft.booksPerson)}
            onChange={(event) => {
              setDraft({ ...draft, booksPerson: event.target.checked })
              void commit({ booksPerson: event.target.checked })
            }}
          />
          <span className="sc-visually-hidden">{item.name} books the person</span>
        </label>
      )}
      {kind.hasDefault && (
        <label className="sc-check-label">
          <input
            type="radio"
            name={`default-${kind.url}`}
            checked={Boolean(draft.isDefault)}
            onChange={() => {
              setDraft({ ...draft, isDefault: true })
              void commit({ isDefault: true })
            }}
          />
          <span className="sc-visually-hidden">{item.name} is the default</span>
        </label>
      )}
      <span>
        <SaveFeedback save={save} />
      </span>
      <ConfirmButton
        compact
        danger
        label="Delete"
        title={`Delete ${item.name}?`}
        confirmLabel="Delete"
        onConfirm={props.onDelete}
      >
        <p>{kind.deleteNote}</p>
      </ConfirmButton>
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
        aria-label={`New ${kind.noun}`}
        placeholder={`New ${kind.noun}`}
        required
        maxLength={200}
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      {kind.hasIcon && (
        <input
          className="sc-icon-input"
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
      <button type="submit" className="compact" disabled={busy || !name.trim()}>
        Add
      </button>
    </form>
  )
}
