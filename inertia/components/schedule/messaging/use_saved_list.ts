import { useState } from 'react'
import { api, fieldErrors } from '~/components/shared/api'
import { useToast } from '~/components/shared/ui/toast'

/**
 * A messaging list edited in dialogs (templates, saved groups): its rows,
 * the row in the open dialog (or 'new'), and what follows a save or a
 * delete: a toast, and the rows read again from `url`.
 */
export function useSavedList<Row extends { id: number; name: string }>(
  initial: Row[],
  url: string,
  noun: string
) {
  const [rows, setRows] = useState(initial)
  const [editing, setEditing] = useState<Row | 'new' | null>(null)
  const toast = useToast()

  async function reload() {
    setRows(await api<Row[]>('GET', url))
  }

  async function saved(row: Row) {
    setEditing(null)
    toast.success(`${noun} “${row.name}” saved`)
    await reload()
  }

  /** Deletes a row; a failure is told in a toast and rethrown, so the confirmation stays open. */
  async function remove(row: Row) {
    try {
      await api('DELETE', `${url}/${row.id}`)
      toast.info(`${noun} “${row.name}” deleted`)
      await reload()
    } catch (error) {
      toast.error(fieldErrors(error).form ?? `The ${noun.toLowerCase()} could not be deleted`)
      throw error
    }
  }

  return { rows, editing, setEditing, saved, remove }
}
