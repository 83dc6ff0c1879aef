import { useState, type FormEvent } from 'react'
import { api, ApiError } from '~/components/shared/api'
import { Button } from '~/components/shared/ui/button'
import { Field, TextInput } from '~/components/shared/ui/field'
import { Notice } from '~/components/shared/ui/notice'
import { OneTimeCodeInput } from '~/components/shared/ui/one_time_code_input'

type Step = 'email' | 'code'

/**
 * The verification step when the site requires it: the visitor asks for a
 * six-digit code, then types it in. The session remembers the address.
 */
export function UploadEmailVerification(props: { onVerified: (email: string) => void }) {
  const [step, setStep] = useState<Step>('email')
  const [email, setEmail] = useState('')
  const [code, setCode] = useState('')
  const [notice, setNotice] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)

  async function run(action: () => Promise<void>) {
    setPending(true)
    setError(null)
    try {
      await action()
    } catch (failure) {
      setError(messageOf(failure))
    } finally {
      setPending(false)
    }
  }

  function send(event: FormEvent) {
    event.preventDefault()
    void run(async () => {
      const sent = await api<{ email: string }>('POST', '/api/verify-email/send', { email })
      setEmail(sent.email)
      setCode('')
      setStep('code')
      setNotice(`We sent a six-digit code to ${sent.email}. It is valid for 10 minutes.`)
    })
  }

  function check(event: FormEvent) {
    event.preventDefault()
    void run(async () => {
      const checked = await api<{ email: string }>('POST', '/api/verify-email/check', {
        email,
        code,
      })
      props.onVerified(checked.email)
    })
  }

  return (
    <div className="ui-panel">
      <h2>Confirm your email</h2>
      <p className="ui-muted">Confirm your email address before uploading.</p>
      {step === 'email' ? (
        <form onSubmit={send} className="ui-stack">
          <Field label="Your email" required>
            <TextInput
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </Field>
          <div className="ui-cluster">
            <Button type="submit" loading={pending}>
              Send code
            </Button>
          </div>
        </form>
      ) : (
        <form onSubmit={check} className="ui-stack">
          {notice && <Notice tone="info">{notice}</Notice>}
          <Field label="Code from the email" required>
            <OneTimeCodeInput value={code} onChange={(value) => setCode(value.trim())} />
          </Field>
          <div className="ui-cluster">
            <Button type="submit" loading={pending}>
              Confirm
            </Button>
            <Button variant="ghost" onClick={() => setStep('email')}>
              Use another address or get a new code
            </Button>
          </div>
        </form>
      )}
      {error && (
        <p className="ui-field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}

function messageOf(failure: unknown) {
  if (failure instanceof ApiError) {
    if (failure.status === 422) {
      const errors = failure.body.errors as { field: string }[] | undefined
      return errors?.[0]?.field === 'code'
        ? 'Enter the six digits from the email.'
        : 'Enter a valid email address.'
    }
    if (failure.status === 429) {
      return 'Too many codes were requested. Please try again later.'
    }
    return failure.message
  }
  return 'Something went wrong. Please try again.'
}
