import { useState, type FormEvent } from 'react'
import { api, errorMessage } from '~/components/shared/api'
import { relativeTimeProps } from '~/components/shared/dates'
import { SortableList } from '~/components/shared/sortable_list'
import { describedBy, useFieldSave } from '~/components/shared/save_feedback'
import { SaveStatusBeside } from '~/components/schedule/save_status'
import { Button } from '~/components/shared/ui/button'
import { Checkbox } from '~/components/shared/ui/checkbox'
import { EmptyState } from '~/components/shared/ui/empty_state'
import { TextInput } from '~/components/shared/ui/field'
import { useToast } from '~/components/shared/ui/toast'
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
    <section className="ui-panel" aria-labelledby="tasks-heading">
      <div className="sc-heading-row">
        <h2 id="tasks-heading">Tasks</h2>
        {tasks && tasks.length > 0 && (
          <span className="ui-muted">
            {done} of {tasks.length} done
          </span>
        )}
      </div>
      {tasks?.length === 0 && (
        <EmptyState
          headingLevel={3}
          title="No tasks yet"
          description="A checklist for the project everyone can tick off: add the first task below."
        />
      )}
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
      <form className="sc-add-form" onSubmit={add} aria-label="Add a task">
        <TextInput
          aria-label="New task"
          placeholder="e.g. Book the van"
          maxLength={2000}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" variant="secondary" loading={adding} disabled={!text.trim()}>
          Add task
        </Button>
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
      <form className="sc-add-form" onSubmit={save} aria-label={`Edit task ${task.text}`}>
        <TextInput
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
        <Button type="submit" size="small">
          Save
        </Button>
        <Button
          size="small"
          variant="secondary"
          onClick={() => {
            setText(task.text)
            setEditing(false)
          }}
        >
          Cancel
        </Button>
      </form>
    )
  }
  const meta =
    task.completed && task.completedAt ? (
      <>
        Done{task.completedByName ? ` by ${task.completedByName}` : ''},{' '}
        <time {...relativeTimeProps(task.completedAt)} />
      </>
    ) : task.authorName ? (
      `Added by ${task.authorName}`
    ) : undefined
  return (
    <div className={done.value ? 'sc-task sc-task-done' : 'sc-task'}>
      <div className="sc-task-main">
        <Checkbox
          label={task.text}
          hint={meta}
          checked={done.value}
          onChange={(event) => {
            done.change(event.target.checked)
            done.commit(event.target.checked)
          }}
          {...describedBy(done.status, errorId)}
        />
        {done.status.state === 'failed' && (
          <SaveStatusBeside status={done.status} errorId={errorId} onRetry={done.retry} />
        )}
      </div>
      <span className="sc-row-actions">
        <Button
          size="small"
          variant="ghost"
          aria-label={`Edit ${task.text}`}
          onClick={() => {
            setText(task.text)
            setEditing(true)
          }}
        >
          Edit
        </Button>
        <Button
          size="small"
          variant="ghost"
          aria-label={`Delete ${task.text}`}
          onClick={props.onRemove}
        >
          Delete
        </Button>
      </span>
    </div>
  )
}
