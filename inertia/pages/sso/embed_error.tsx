import { Head } from '@inertiajs/react'
import { Notice } from '~/components/shared/ui/notice'
import '~/components/sso/embed/embed.css'

/** GET /embed with a missing, invalid or expired token: the widget's own small frame, no shell. */
export default function EmbedError(props: { message: string }) {
  return (
    <div className="ui-root embed-root">
      <Head title="Account widget unavailable" />
      <section className="ui-panel" aria-labelledby="embed-error-heading">
        <h1 id="embed-error-heading">Account widget unavailable</h1>
        <Notice tone="danger">{props.message}</Notice>
        <p className="ui-muted">
          The page that showed this widget needs to open it again with a fresh link.
        </p>
      </section>
    </div>
  )
}
