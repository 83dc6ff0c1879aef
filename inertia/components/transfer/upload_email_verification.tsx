import { useState, type FormEvent } from 'react'
import { api, ApiError } from '~/components/shared/api'

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
    <div className="tx-verify">
      <p className="muted small">Confirm your email address before uploading.</p>
      {step === 'email' ? (
        <form onSubmit={send} className="row">
          <div>
            <label htmlFor="verify-email">Your email</label>
            <input
              id="verify-email"
              type="email"
              required
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </div>
          <div style={{ flex: 'none' }}>
            <button type="submit" disabled={pending}>
              Send code
            </button>
          </div>
        </form>
      ) : (
        <form onSubmit={check} className="row">
          <div>
            <label htmlFor="verify-code">Code from the email</label>
            <input
              id="verify-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="\d{6}"
              maxLength={6}
              required
              value={code}
              onChange={(event) => setCode(event.target.value.trim())}
            />
          </div>
          <div style={{ flex: 'none' }}>
            <button type="submit" disabled={pending}>
              Confirm
            </button>
          </div>
        </form>
      )}
      {notice && step === 'code' && <p className="notice small">{notice}</p>}
      {step === 'code' && (
        <button type="button" className="link" onClick={() => setStep('email')}>
          Use another address or get a new code
        </button>
      )}
      {error && (
        <p className="error" role="alert">
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
