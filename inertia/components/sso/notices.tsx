import { usePage } from '@inertiajs/react'
import type { Data } from '~generated/data'
import { Notice } from '~/components/shared/ui/notice'

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
      {flash?.notice && <Notice tone="success">{flash.notice}</Notice>}
      {flash?.alert && <Notice tone="danger">{flash.alert}</Notice>}
      {props.throttled && <Notice tone="danger">{props.throttled}</Notice>}
    </>
  )
}
