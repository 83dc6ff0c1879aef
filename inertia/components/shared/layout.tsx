import type { ReactNode } from 'react'
import { Head } from '@inertiajs/react'

export function Layout(props: {
  title: string
  brand: string
  actions?: ReactNode
  children: ReactNode
}) {
  return (
    <div className="shell">
      <Head title={props.title} />
      <header className="topbar">
        <span className="brand">{props.brand}</span>
        {props.actions}
      </header>
      <main>{props.children}</main>
    </div>
  )
}
