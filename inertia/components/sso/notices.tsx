import { usePage } from '@inertiajs/react'
import type { Data } from '~generated/data'
import { Alert } from '~/components/shared/ui/alert'

type Shared = Data.SharedProps

/** The first validation message of a field, from the flashed errors. */
export function useFieldErrors() {
  const { errors } = usePage<Shared>().props
  return (field: string) => {
    const value = errors?.[field]
    return Array.isArray(value) ? value[0] : (value ?? null)
  }
}

/** The page's one-off notice and alert (and a throttling message when given). */
export function Notices(props: { throttled?: string | null }) {
  const { flash } = usePage<Shared>().props
  return (
    <>
      {flash?.notice && <Alert tone="success">{flash.notice}</Alert>}
      {flash?.alert && <Alert tone="danger">{flash.alert}</Alert>}
      {props.throttled && <Alert tone="danger">{props.throttled}</Alert>}
    </>
  )
}
