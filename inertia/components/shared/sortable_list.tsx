import type { ReactNode } from 'react'
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
  type Modifier,
} from '@dnd-kit/core'
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  useSortable,
  rectSortingStrategy,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'

/** Rows move up and down only (@dnd-kit/modifiers is not installed for one line). */
const restrictToVerticalAxis: Modifier = ({ transform }) => ({ ...transform, x: 0 })

/**
 * A vertical list (or, with `layout="grid"`, a wrapping grid of tiles)
 * reordered by dragging a handle (mouse, touch, or keyboard:
 * focus the handle, Space, arrow keys, Space). `onReorder` gets the whole list
 * in its new order; the caller saves it and puts the old order back if the
 * save fails.
 */
export function SortableList<T>(props: {
  items: T[]
  itemId: (item: T) => string
  itemLabel: (item: T) => string
  onReorder: (items: T[]) => void
  disabled?: boolean
  className?: string
  layout?: 'list' | 'grid'
  children: (item: T) => ReactNode
}) {
  const grid = props.layout === 'grid'
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates })
  )
  const ids = props.items.map(props.itemId)

  function dragEnd(event: DragEndEvent) {
    const { active, over } = event
    if (!over || active.id === over.id) {
      return
    }
    const from = ids.indexOf(String(active.id))
    const to = ids.indexOf(String(over.id))
    if (from >= 0 && to >= 0) {
      props.onReorder(arrayMove(props.items, from, to))
    }
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={grid ? [] : [restrictToVerticalAxis]}
      onDragEnd={dragEnd}
    >
      <SortableContext
        items={ids}
        strategy={grid ? rectSortingStrategy : verticalListSortingStrategy}
      >
        <ul className={['sc-sortable', props.className].filter(Boolean).join(' ')}>
          {props.items.map((item) => (
            <SortableRow
              key={props.itemId(item)}
              id={props.itemId(item)}
              label={props.itemLabel(item)}
              disabled={props.disabled}
            >
              {props.children(item)}
            </SortableRow>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  )
}

function SortableRow(props: {
  id: string
  label: string
  disabled?: boolean
  children: ReactNode
}) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: props.id, disabled: props.disabled })
  return (
    <li
      ref={setNodeRef}
      className={isDragging ? 'sc-sortable-row sc-dragging' : 'sc-sortable-row'}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="sc-drag-handle"
        aria-label={`Move ${props.label}`}
        disabled={props.disabled}
        {...attributes}
        {...listeners}
      >
        ⠿
      </button>
      <div className="sc-sortable-body">{props.children}</div>
    </li>
  )
}
