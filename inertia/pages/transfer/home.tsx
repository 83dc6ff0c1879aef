import { useEffect, useState, type FormEvent } from 'react'
import { Layout } from '~/components/shared/layout'
import { UploadDropzone } from '~/components/transfer/upload_dropzone'
import { UploadEmailVerification } from '~/components/transfer/upload_email_verification'
import { UploadQueue } from '~/components/transfer/upload_queue'
import { useTusUploadQueue } from '~/components/transfer/use_tus_upload'
import { NOT_THIS_BROWSERS_SIGN_IN } from '~/components/shared/use_sign_in'

const SIGN_IN_ERRORS: Record<string, string> = {
  no_access: 'Your account has no access to Transfer. Ask an administrator to add you.',
  missing_token: 'The sign-in service did not send a sign-in token. Please try again.',
  invalid_token: 'The sign-in could not be confirmed. Please try again.',
  invalid_state: NOT_THIS_BROWSERS_SIGN_IN,
  server_error: 'Something went wrong while signing you in. Please try again.',
}

type HomeProps = {
  signInError: string | null
  siteName: string
  pageMessage: string
  emailVerificationRequired: boolean
  verifiedEmail: string | null
}

/** The public upload page: details, the optional email check, files and their progress. */
export default function Home(props: HomeProps) {
  const queue = useTusUploadQueue()
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const [message, setMessage] = useState('')
  const [verifiedEmail, setVerifiedEmail] = useState(props.verifiedEmail)
  const needsVerification = props.emailVerificationRequired && !verifiedEmail
  const ready = queue.files.filter((item) => item.state === 'ready').length
  const active = queue.files.some((item) => ['waiting', 'uploading'].includes(item.state))
  const finished = queue.files.filter((item) => item.state === 'done').length

  useEffect(() => {
    if (!active) {
      return
    }
    // Leaving stops the uploads (they resume when the files are picked again); ask first.
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [active])

  function start(event: FormEvent) {
    event.preventDefault()
    queue.startAll({ name, email: verifiedEmail ?? email, message })
  }

  return (
    <Layout title="Upload" brand={props.siteName} actions={<a href="/admin">Staff sign in</a>}>
      {props.signInError && (
        <section className="card">
          <p className="error" role="alert">
            {SIGN_IN_ERRORS[props.signInError] ?? 'Sign-in failed. Please try again.'}
          </p>
        </section>
      )}
      <section className="card">
        <h1>Send us your files</h1>
        {props.pageMessage && <p className="tx-page-message">{props.pageMessage}</p>}

        {props.emailVerificationRequired &&
          (verifiedEmail ? (
            <p className="notice">Email confirmed: {verifiedEmail}</p>
          ) : (
            <UploadEmailVerification onVerified={setVerifiedEmail} />
          ))}

        <form onSubmit={start} className="tx-upload-form">
          <div className="row">
            <div>
              <label htmlFor="uploader-name">Your name (optional)</label>
              <input
                id="uploader-name"
                autoComplete="name"
                maxLength={200}
                value={name}
                onChange={(event) => setName(event.target.value)}
              />
            </div>
            {!props.emailVerificationRequired && (
              <div>
                <label htmlFor="uploader-email">Your email (optional)</label>
                <input
                  id="uploader-email"
                  type="email"
                  autoComplete="email"
                  maxLength={254}
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                />
              </div>
            )}
          </div>
          <label htmlFor="uploader-message">Message (optional)</label>
          <textarea
            id="uploader-message"
            className="tx-textarea"
            rows={3}
            maxLength={5000}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
          />

          <UploadDropzone onFiles={queue.add} />
          <UploadQueue
            files={queue.files}
            onPause={queue.pause}
            onResume={queue.resume}
            onCancel={queue.cancel}
            onRemove={queue.remove}
          />
          <button type="submit" disabled={ready === 0 || needsVerification}>
            {ready > 1 ? `Upload ${ready} files` : 'Upload'}
          </button>
          {needsVerification && ready > 0 && (
            <p className="muted small">Confirm your email address above to start.</p>
          )}
        </form>
        {finished > 0 && !active && (
          <p className="notice" role="status">
            Thank you: {finished === 1 ? 'your file has' : `${finished} files have`} arrived.
          </p>
        )}
      </section>
    </Layout>
  )
}
