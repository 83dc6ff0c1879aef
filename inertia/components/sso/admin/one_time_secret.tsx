import { CopyButton } from './copy_button'

export type RevealedSecret = {
  appName: string
  apiKey: string
  secretKey: string
  reason: 'created' | 'rotated'
}

/**
 * A connected app's secretKey, right after it was made. sso keeps only a
 * hash, so this is the one chance to copy it.
 */
export function OneTimeSecret(props: { secret: RevealedSecret; onDismiss: () => void }) {
  const { secret } = props
  return (
    <section className="card secret" role="alert" aria-label="New secret key">
      <h2>
        {secret.reason === 'created'
          ? `“${secret.appName}” is registered`
          : `New secret key for “${secret.appName}”`}
      </h2>
      <p>
        <strong>Copy the secret key now: it will not be shown again.</strong> Only a fingerprint of
        it is kept here. Give the App ID and the secret key to whoever sets up the app: they go into
        its server settings (<code>SSO_API_KEY</code> and <code>SSO_SECRET_KEY</code>), never into a
        web page.
        {secret.reason === 'rotated' && ' The previous secret key has already stopped working.'}
      </p>
      <h3>App ID</h3>
      <code className="value">{secret.apiKey}</code>
      <CopyButton value={secret.apiKey} label="Copy the App ID" />
      <h3>Secret key</h3>
      <code className="value">{secret.secretKey}</code>
      <div className="actions">
        <CopyButton value={secret.secretKey} label="Copy the secret key" />
        <button type="button" className="secondary small" onClick={props.onDismiss}>
          I have stored it
        </button>
      </div>
    </section>
  )
}
