import { useEffect, useState, type FormEvent } from 'react'
import { AppShell } from '~/components/shared/ui/app_shell'
import { Button, ButtonLink } from '~/components/shared/ui/button'
import { Field, Textarea, TextInput } from '~/components/shared/ui/field'
import { Notice } from '~/components/shared/ui/notice'
import { PageHeader } from '~/components/shared/ui/page_header'
import { UploadDropzone } from '~/components/transfer/upload_dropzone'
import { UploadEmailVerification } from '~/components/transfer/upload_email_verification'
import { UploadQueue } from '~/components/transfer/upload_queue'
import { useTusUploadQueue } from '~/components/transfer/use_tus_upload'
import { NOT_THIS_BROWSERS_SIGN_IN } from '~/components/shared/use_sign_in'
import { ThemeBackdrop, type PublicTheme } from '~/components/transfer/theme_backdrop'

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
  theme: PublicTheme
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
    <AppShell title="Upload" appName="Transfer" width="regular">
      <ThemeBackdrop theme={props.theme}>
        <PageHeader
          title="Send us your files"
          description={
            props.pageMessage ? (
              <span className="ui-preserve-lines">{props.pageMessage}</span>
            ) : (
              `Files you send here go straight to ${props.siteName}.`
            )
          }
          actions={
            <ButtonLink native href="/admin" variant="secondary">
              Staff sign in
            </ButtonLink>
          }
        />
        <div className="ui-stack ui-stack-loose">
          {props.signInError && (
            <Notice tone="danger" role="alert">
              {SIGN_IN_ERRORS[props.signInError] ?? 'Sign-in failed. Please try again.'}
            </Notice>
          )}

          {props.emailVerificationRequired &&
            (verifiedEmail ? (
              <Notice tone="success">Email confirmed: {verifiedEmail}</Notice>
            ) : (
              <UploadEmailVerification onVerified={setVerifiedEmail} />
            ))}

          <form onSubmit={start} className="ui-panel">
            <div className="ui-form-grid">
              <Field label="Your name (optional)">
                <TextInput
                  autoComplete="name"
                  maxLength={200}
                  value={name}
                  onChange={(event) => setName(event.target.value)}
                />
              </Field>
              {!props.emailVerificationRequired && (
                <Field label="Your email (optional)" hint="So we can reply when the files arrive.">
                  <TextInput
                    type="email"
                    autoComplete="email"
                    maxLength={254}
                    value={email}
                    onChange={(event) => setEmail(event.target.value)}
                  />
                </Field>
              )}
            </div>
            <Field label="Message (optional)">
              <Textarea
                rows={3}
                maxLength={5000}
                value={message}
                onChange={(event) => setMessage(event.target.value)}
              />
            </Field>

            <UploadDropzone onFiles={queue.add} />
            <UploadQueue
              files={queue.files}
              onPause={queue.pause}
              onResume={queue.resume}
              onCancel={queue.cancel}
              onRemove={queue.remove}
            />
            <div className="ui-cluster">
              <Button type="submit" disabled={ready === 0 || needsVerification}>
                {ready > 1 ? `Upload ${ready} files` : 'Upload'}
              </Button>
              {needsVerification && ready > 0 && (
                <span className="ui-muted">Confirm your email address above to start.</span>
              )}
            </div>
          </form>
          {finished > 0 && !active && (
            <Notice tone="success" role="status">
              Thank you: {finished === 1 ? 'your file has' : `${finished} files have`} arrived.
            </Notice>
          )}
        </div>
      </ThemeBackdrop>
    </AppShell>
  )
}
