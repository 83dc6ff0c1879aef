import { Notice } from '~/components/shared/ui/notice'
import { Button } from '~/components/shared/ui/button'
import { Field, TextInput } from '~/components/shared/ui/field'
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
    <section className="ui-panel" role="alert" aria-labelledby="secret-heading">
      <h2 id="secret-heading">
        {secret.reason === 'created'
          ? `“${secret.appName}” is registered`
          : `New secret key for “${secret.appName}”`}
      </h2>
      <Notice tone="warning">
        <strong>Copy the secret key now: it will not be shown again.</strong> Only a fingerprint of
        it is kept here. Give the App ID and the secret key to whoever sets up the app: they go into
        its server settings (<code>SSO_API_KEY</code> and <code>SSO_SECRET_KEY</code>), never into a
        web page.
        {secret.reason === 'rotated' && ' The previous secret key has already stopped working.'}
      </Notice>
      <div className="ui-stack">
        <Field label="App ID">
          <TextInput readOnly value={secret.apiKey} spellCheck={false} />
        </Field>
        <div className="ui-cluster">
          <CopyButton value={secret.apiKey} label="Copy the App ID" />
        </div>
        <Field label="Secret key">
          <TextInput readOnly value={secret.secretKey} spellCheck={false} />
        </Field>
        <div className="ui-cluster">
          <CopyButton value={secret.secretKey} label="Copy the secret key" />
          <Button variant="secondary" size="small" onClick={props.onDismiss}>
            I have stored it
          </Button>
        </div>
      </div>
    </section>
  )
}
