import { Head } from '@inertiajs/react'

/** GET /embed with a missing, invalid or expired token. */
export default function EmbedError(props: { message: string }) {
  return (
    <div className="shell">
      <Head title="Account widget unavailable" />
      <section className="card" role="alert">
        <h1>Account widget unavailable</h1>
        <p>{props.message}</p>
        <p className="muted">
          The page that showed this widget needs to open it again with a fresh link.
        </p>
      </section>
    </div>
  )
}
