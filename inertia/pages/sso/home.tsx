import type { Data } from '~generated/data'
import { ButtonLink } from '~/components/shared/ui/button'
import { EmptyState } from '~/components/shared/ui/empty_state'
import { LinkList } from '~/components/shared/ui/link_list'
import { PageHeader } from '~/components/shared/ui/page_header'
import { SsoShell } from '~/components/sso/sso_shell'
import { Notices } from '~/components/sso/notices'

type HomeProps = {
  isAdmin: boolean
  displayName: string
  apps: Data.Sso.LaunchableApp[]
}

/** Where signing in at sso directly leads: the apps this sign-in opens. */
export default function Home(props: HomeProps) {
  return (
    <SsoShell title="Your apps">
      <PageHeader
        title="Your apps"
        description={`Signed in as ${props.displayName}. Open an app: you are signed in to it with this account.`}
      />
      <Notices />
      {props.apps.length === 0 ? (
        <EmptyState
          title="No apps are connected yet"
          description={
            props.isAdmin
              ? 'Connect the first app, and everyone with an account here can sign in to it.'
              : 'Ask your administrator which apps you can use.'
          }
          action={
            props.isAdmin ? (
              <ButtonLink href="/admin/apps">Connect the first app</ButtonLink>
            ) : undefined
          }
        />
      ) : (
        <LinkList
          label="Apps"
          items={props.apps.map((app) => ({
            key: String(app.id),
            href: app.homeUrl,
            native: true,
            title: app.name,
            detail: app.homeUrl,
          }))}
        />
      )}
    </SsoShell>
  )
}
