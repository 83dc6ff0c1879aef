import type { Data } from '~generated/data'
import { SsoLayout } from '~/components/sso/sso_layout'
import { Notices } from '~/components/sso/notices'
import '~/components/sso/account.css'

type HomeProps = {
  isAdmin: boolean
  displayName: string
  apps: Data.Sso.LaunchableApp[]
}

/** Where signing in at sso directly leads: the apps this sign-in opens. */
export default function Home(props: HomeProps) {
  return (
    <SsoLayout title="Your apps" isAdmin={props.isAdmin}>
      <Notices />
      <section className="card">
        <h1>Your apps</h1>
        <p className="muted">
          Signed in as {props.displayName}. Open an app: you are signed in to it with this account.
        </p>
        {props.apps.length === 0 ? (
          <p>
            No apps are connected yet.{' '}
            {props.isAdmin ? (
              <a href="/admin/apps">Connect the first app</a>
            ) : (
              'Ask your administrator which apps you can use.'
            )}
          </p>
        ) : (
          <ul className="app-list" aria-label="Apps">
            {props.apps.map((app) => (
              <li key={app.id}>
                <a href={app.homeUrl}>
                  <span className="app-name">{app.name}</span>
                  <span className="muted">{app.homeUrl}</span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
    </SsoLayout>
  )
}
