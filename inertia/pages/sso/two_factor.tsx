import { useState } from 'react'
import { CsrfField } from '~/components/shared/csrf_field'
import { Button } from '~/components/shared/ui/button'
import { Field, TextInput } from '~/components/shared/ui/field'
import { OneTimeCodeInput } from '~/components/shared/ui/one_time_code_input'
import { AuthCard } from '~/components/sso/auth_card'
import { Notices, useFieldErrors } from '~/components/sso/notices'

export default function TwoFactor(props: { throttled: string | null }) {
  const errorOf = useFieldErrors()
  const [useRecovery, setUseRecovery] = useState(Boolean(errorOf('recoveryCode')))
  const [code, setCode] = useState('')

  return (
    <AuthCard
      title="Two-factor authentication"
      footer={
        <>
          <Button variant="ghost" onClick={() => setUseRecovery(!useRecovery)}>
            {useRecovery ? 'Use a code from your app' : 'Lost your phone? Use a recovery code'}
          </Button>
          <form method="post" action="/login/two-factor/cancel">
            <CsrfField />
            <Button type="submit" variant="ghost">
              Cancel
            </Button>
          </form>
        </>
      }
    >
      <Notices throttled={props.throttled} />
      {useRecovery ? (
        <form method="post" action="/login/two-factor" className="ui-stack">
          <CsrfField />
          <Field
            label="Recovery code"
            hint="One of the codes you saved when you turned on two-factor authentication."
            error={errorOf('recoveryCode')}
          >
            <TextInput
              name="recoveryCode"
              required
              autoComplete="off"
              spellCheck={false}
              autoFocus
            />
          </Field>
          <Button type="submit">Continue</Button>
        </form>
      ) : (
        <form method="post" action="/login/two-factor" className="ui-stack">
          <CsrfField />
          <Field label="Code from your authenticator app" error={errorOf('code')}>
            <OneTimeCodeInput name="code" value={code} onChange={setCode} autoFocus />
          </Field>
          <Button type="submit">Continue</Button>
        </form>
      )}
    </AuthCard>
  )
}
