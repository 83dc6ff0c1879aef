import { useState, type FormEvent } from 'react'
import { api, errorMessage } from '~/components/shared/api'
import { formatTimestamp } from '~/components/shared/dates'
import { SortableList } from '~/components/shared/sortable_list'
import { useToast } from '~/components/shared/toasts'
import { FieldError, describedBy, useFieldSave } from '~/components/shared/save_feedback'
import type { Data } from '~generated/data'

type ProjectTask = Data.Schedule.ProjectTask

/** The project's checklist: add, tick off, reword, delete and reorder tasks. */
export function Tasks(props: {
  projectId: number
  /** The checklist as the page's first render has it; later changes stay here. */
  tasks: ProjectTask[]
  onChanged: () => void
}) {
  const toast = useToast()
  const [tasks, setTasks] = useState<ProjectTask[] | null>(props.tasks)
  const [text, setText] = useState('')
  const [adding, setAdding] = useState(false)

  function replace(updated: ProjectTask) {
    setTasks((current) => current?.map((task) => (task.id === updated.id ? updated : task)) ?? null)
  }

  async function add(event: FormEvent) {
    event.preventDefault()
    if (!text.trim()) {
      return
    }
    setAdding(true)
    try {
      const task = await api<ProjectTask>('POST', '/api/project-tasks', {
        projectId: props.projectId,
        text: text.trim(),
      })
      setTasks((current) => [...(current ?? []), task])
      setText('')
      props.onChanged()
    } catch (error) {
      toast.error(`Could not add the task: ${errorMessage(error)}`)
    } finally {
      setAdding(false)
    }
  }

  /** Throws when refused: the caller shows why. */
  async function update(task: ProjectTask, changes: { text?: string; completed?: boolean }) {
    replace(await api<ProjectTask>('PATCH', `/api/project-tasks/${task.id}`, changes))
    props.onChanged()
  }

  async function reword(task: ProjectTask, wording: string) {
    try {
      await update(task, { text: wording })
      return true
    } catch (error) {
      toast.error(`Could not save the task: ${errorMessage(error)}`)
      return false
    }
  }

  async function remove(task: ProjectTask) {
    try {
      await api('DELETE', `/api/project-tasks/${task.id}`)
      setTasks((current) => current?.filter((other) => other.id !== task.id) ?? null)
      props.onChanged()
    } catch (error) {
      toast.error(`Could not delete the task: ${errorMessage(error)}`)
    }
  }

  async function reorder(next: ProjectTask[]) {
    const before = tasks
    setTasks(next)
    try {
      setTasks(
        await api<ProjectTask[]>('PUT', '/api/project-tasks/order', {
          projectId: props.projectId,
          ids: next.map((task) => task.id),
        })
      )
      props.onChanged()
    } catch (error) {
      setTasks(before)
      toast.error(`Could not save the new order, so the old one is back: ${errorMessage(error)}`)
    }
  }

  const done = tasks?.filter((task) => task.completed).length ?? 0
  return (
    <section className="sc-section" aria-labelledby="tasks-heading">
      <div className="sc-heading-row">
        <h2 id="tasks-heading">Tasks</h2>
        {tasks && tasks.length > 0 && (
          <span className="muted small">
            {done} of {tasks.length} done
          </span>
        )}
      </div>
      {tasks?.length === 0 && <p className="sc-empty">No tasks yet. Add the first one below.</p>}
      {tasks && tasks.length > 0 && (
        <SortableList
          className="sc-tasks"
          items={tasks}
          itemId={(task) => String(task.id)}
          itemLabel={(task) => task.text}
          onReorder={(next) => void reorder(next)}
        >
          {(task) => (
            <TaskLine
              task={task}
              onReword={(wording) => reword(task, wording)}
              onComplete={(completed) => update(task, { completed })}
              onRemove={() => void remove(task)}
            />
          )}
        </SortableList>
      )}
      <form className="sc-inline-form" onSubmit={add} aria-label="Add a task">
        <input
          aria-label="New task"
          placeholder="e.g. Book the van"
          maxLength={2000}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="compact" disabled={adding || !text.trim()}>
          Add task
        </button>
      </form>
    </section>
  )
}

function TaskLine(props: {
  task: ProjectTask
  onReword: (text: string) => Promise<boolean>
  onComplete: (completed: boolean) => Promise<void>
  onRemove: () => void
}) {
  const { task } = props
  const [editing, setEditing] = useState(false)
  const [text, setText] = useState(task.text)
  // Ticks sent one after the other, the last one winning; a refused one stays ticked, with Retry.
  const done = useFieldSave(task.completed, props.onComplete)
  const errorId = `task-${task.id}-error`

  async function save(event: FormEvent) {
    event.preventDefault()
    if (!text.trim() || text.trim() === task.text || (await props.onReword(text.trim()))) {
      setEditing(false)
    }
  }

  if (editing) {
    return (
      <form
        className="sc-task sc-inline-form"
        onSubmit={save}
        aria-label={`Edit task ${task.text}`}
      >
        <input
          aria-label="Task"
          maxLength={2000}
          autoFocus
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              setText(task.text)
              setEditing(false)
            }
          }}
        />
        <button type="submit" className="compact">
          Save
        </button>
        <button
          type="button"
          className="secondary compact"
          onClick={() => {
            setText(task.text)
            setEditing(false)
          }}
        >
          Cancel
        </button>
      </form>
    )
  }
  return (
    <div className={done.value ? 'sc-task sc-task-done' : 'sc-task'}>
      <label className="sc-check-label">
        <input
          type="checkbox"
          checked={done.value}
          onChange={(event) => {
            done.change(event.target.checked)
            done.commit(event.target.checked)
          }}
          {...describedBy(done.status, errorId)}
        />
        <span className="sc-task-text">{task.text}</span>
      </label>
      {done.status.state === 'failed' && (
        <FieldError status={done.status} errorId={errorId} onRetry={done.retry} />
      )}
      <span className="muted small">
        {task.completed && task.completedAt
          ? `Done${task.completedByName ? ` by ${task.completedByName}` : ''}, ${formatTimestamp(task.completedAt)}`
          : task.authorName
            ? `Added by ${task.authorName}`
            : ''}
      </span>
      <span className="sc-row-actions">
        <button
          type="button"
          className="link small"
          aria-label={`Edit ${task.text}`}
          onClick={() => {
            setText(task.text)
            setEditing(true)
          }}
        >
          Edit
        </button>
        <button
          type="button"
          className="link small sc-danger-link"
          aria-label={`Delete ${task.text}`}
          onClick={props.onRemove}
        >
          Delete
        </button>
      </span>
    </div>
  )
}
