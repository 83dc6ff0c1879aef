import type { ReactNode } from 'react'
import { AppShell } from '~/components/shared/ui/app_shell'
import { PageHeader } from '~/components/shared/ui/page_header'

/**
 * The frame of sso's signed-out pages (sign-in, registration, two-factor,
 * password reset): the product's name and logo, then one narrow card with
 * the page's heading, so a person knows where they are signing in.
 */
export function AuthCard(props: {
  title: string
  heading?: string
  description?: ReactNode
  footer?: ReactNode
  children: ReactNode
}) {
  return (
    <AppShell title={props.title} width="narrow">
      <section className="ui-panel">
        <PageHeader title={props.heading ?? props.title} description={props.description} />
        <div className="ui-stack">{props.children}</div>
        {props.footer && <div className="ui-cluster">{props.footer}</div>}
      </section>
    </AppShell>
  )
}
