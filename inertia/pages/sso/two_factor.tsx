import { useState } from 'react'
import { Layout } from '~/components/shared/layout'
import { CsrfField } from '~/components/shared/csrf_field'
import { FieldError, Notices, useFieldErrors } from '~/components/sso/notices'

export default function TwoFactor(props: { throttled: string | null }) {
  const errorOf = useFieldErrors()
  const [useRecovery, setUseRecovery] = useState(Boolean(errorOf('recoveryCode')))

  return (
    <Layout title="Two-factor authentication" brand="Sign-in">
      <section className="card">
        <h1>Two-factor authentication</h1>
        <Notices throttled={props.throttled} />
        {useRecovery ? (
          <form method="post" action="/login/two-factor">
            <CsrfField />
            <label htmlFor="recoveryCode">Recovery code</label>
            <input id="recoveryCode" name="recoveryCode" autoComplete="off" required autoFocus />
            <FieldError message={errorOf('recoveryCode')} />
            <button type="submit">Continue</button>
          </form>
        ) : (
          <form method="post" action="/login/two-factor">
            <CsrfField />
            <label htmlFor="code">Code from your authenticator app</label>
            <input
              id="code"
              name="code"
              inputMode="numeric"
              pattern="[0-9 ]{6,7}"
              autoComplete="one-time-code"
              required
              autoFocus
            />
            <FieldError message={errorOf('code')} />
            <button type="submit">Continue</button>
          </form>
        )}
        <p className="links">
          <button type="button" className="link" onClick={() => setUseRecovery(!useRecovery)}>
            {useRecovery ? 'Use a code from your app' : 'Lost your phone? Use a recovery code'}
          </button>
        </p>
        <form method="post" action="/login/two-factor/cancel">
          <CsrfField />
          <button type="submit" className="secondary">
            Cancel
          </button>
        </form>
      </section>
    </Layout>
  )
}
