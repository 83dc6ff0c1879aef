import {
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  pointerWithin,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type KeyboardCoordinateGetter,
  type ScreenReaderInstructions,
} from '@dnd-kit/core'

/** What each draggable and droppable of the calendar says about itself. */
export type Labelled = { label: string }

/*
 * Space picks up and drops; Enter is left to the element itself (a project
 * bar opens its page) except that it also drops what is being carried.
 */
const keyboardCodes = { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] }

/** Arrow keys move by one cell (the size of the droppable under the item), not by pixels. */
const stepByCell: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
  const overRect = context.over ? context.droppableRects.get(context.over.id) : undefined
  const rect = overRect ?? context.collisionRect
  const dx = rect?.width ?? 40
  const dy = rect?.height ?? 30
  switch (event.code) {
    case 'ArrowRight':
      return { ...currentCoordinates, x: currentCoordinates.x + dx }
    case 'ArrowLeft':
      return { ...currentCoordinates, x: currentCoordinates.x - dx }
    case 'ArrowDown':
      return { ...currentCoordinates, y: currentCoordinates.y + dy }
    case 'ArrowUp':
      return { ...currentCoordinates, y: currentCoordinates.y - dy }
    default:
      return undefined
  }
}

/**
 * Mouse, touch and pen after 4 px of movement (so a click still clicks), and
 * the keyboard.
 */
export function useCalendarSensors() {
  return useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { keyboardCodes, coordinateGetter: stepByCell })
  )
}

/** The cell under the pointer; from the keyboard, the cell nearest the carried item. */
export const cellUnderPointer: CollisionDetection = (args) =>
  args.pointerCoordinates ? pointerWithin(args) : closestCenter(args)

function labelOf(data: { current?: Record<string, unknown> } | undefined, fallback: string) {
  const label = data?.current?.label
  return typeof label === 'string' ? label : fallback
}

export const announcements: Announcements = {
  onDragStart: ({ active }) => `Picked up ${labelOf(active.data, 'item')}.`,
  onDragOver: ({ active, over }) =>
    over
      ? `${labelOf(active.data, 'Item')} is over ${labelOf(over.data, 'a cell')}.`
      : `${labelOf(active.data, 'Item')} is no longer over a cell.`,
  onDragEnd: ({ active, over }) =>
    over
      ? `Dropped ${labelOf(active.data, 'item')} on ${labelOf(over.data, 'a cell')}.`
      : `Dropped ${labelOf(active.data, 'item')}.`,
  onDragCancel: ({ active }) => `Put ${labelOf(active.data, 'item')} back.`,
}

export const screenReaderInstructions: ScreenReaderInstructions = {
  draggable:
    'Press Space to pick this up, the arrow keys to move it a day or a row at a time, ' +
    'Space or Enter to drop it and Escape to put it back.',
}
