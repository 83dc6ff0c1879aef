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
        <strong>Copy the secret key now: it will not be shown again.</strong> sso stores only a hash
        of it. Put it in the app’s server configuration (<code>SSO_SECRET_KEY</code>), never in code
        that reaches a browser.
        {secret.reason === 'rotated' && ' The previous secret key has already stopped working.'}
      </p>
      <h3>apiKey</h3>
      <code className="value">{secret.apiKey}</code>
      <CopyButton value={secret.apiKey} label="Copy apiKey" />
      <h3>secretKey</h3>
      <code className="value">{secret.secretKey}</code>
      <div className="actions">
        <CopyButton value={secret.secretKey} label="Copy secretKey" />
        <button type="button" className="secondary small" onClick={props.onDismiss}>
          I have stored it
        </button>
      </div>
    </section>
  )
}
