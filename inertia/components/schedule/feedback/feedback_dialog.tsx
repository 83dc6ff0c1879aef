import { useState, type ClipboardEvent, type FormEvent } from 'react'
import { api, fieldErrors, type FieldErrors } from '~/components/shared/api'
import { Button } from '~/components/shared/ui/button'
import { Dialog, DialogClose } from '~/components/shared/ui/dialog'
import { Field, Textarea } from '~/components/shared/ui/field'
import { FileDropZone } from '~/components/shared/ui/file_drop_zone'
import { Notice } from '~/components/shared/ui/notice'
import { Select } from '~/components/shared/ui/select'
import { useToast } from '~/components/shared/ui/toast'

/** The server's limit (SCREENSHOT_LIMITS.maxBytes): refused here before the upload. */
const MAX_SCREENSHOT_BYTES = 8 * 1024 * 1024

const CATEGORIES = [
  { value: 'bug', label: 'Something is broken' },
  { value: 'idea', label: 'An idea' },
  { value: 'question', label: 'A question' },
  { value: 'other', label: 'Something else' },
]

/**
 * Feedback from any signed-in page: a category, what happened, and a
 * screenshot if the person has one, chosen as a file or pasted (a
 * screenshot taken with the system's own tool and pasted with Ctrl+V or
 * ⌘V). The page's address goes along, so admins know where it happened.
 */
export function FeedbackDialog(props: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const toast = useToast()
  const [category, setCategory] = useState('bug')
  const [description, setDescription] = useState('')
  const [files, setFiles] = useState<File[]>([])
  const [errors, setErrors] = useState<FieldErrors>({})
  const [sending, setSending] = useState(false)

  function reset() {
    setCategory('bug')
    setDescription('')
    setFiles([])
    setErrors({})
  }

  function pasted(event: ClipboardEvent) {
    const image = [...event.clipboardData.files].find((file) => file.type.startsWith('image/'))
    if (image) {
      event.preventDefault()
      setFiles([new File([image], image.name || 'pasted-screenshot.png', { type: image.type })])
    }
  }

  async function send(event: FormEvent) {
    event.preventDefault()
    const body = new FormData()
    body.set('category', category)
    body.set('description', description)
    body.set('pageUrl', window.location.href)
    if (files[0]) {
      body.set('screenshot', files[0])
    }
    setSending(true)
    try {
      await api('POST', '/api/feedback', body)
      toast.success('Thank you: your feedback was sent to the admins.')
      reset()
      props.onOpenChange(false)
    } catch (error) {
      setErrors(fieldErrors(error))
    } finally {
      setSending(false)
    }
  }

  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="Send feedback"
      description="Tell the admins what went wrong or what would help. The address of this page is sent with it."
      footer={
        <>
          <DialogClose>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button type="submit" form="feedback-form" loading={sending}>
            Send feedback
          </Button>
        </>
      }
    >
      <form id="feedback-form" className="ui-stack" onSubmit={send} onPaste={pasted}>
        {errors.form && <Notice tone="danger">{errors.form}</Notice>}
        <Field label="What is it about?" error={errors.category}>
          <Select value={category} onValueChange={setCategory} options={CATEGORIES} />
        </Field>
        <Field label="What happened?" required error={errors.description}>
          <Textarea
            required
            maxLength={5000}
            rows={5}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
        </Field>
        <Field
          label="Screenshot (optional)"
          hint="Take one with your system's screenshot tool, then paste it here or choose the file."
          error={errors.screenshot}
        >
          <FileDropZone
            multiple={false}
            files={files}
            onFilesChange={setFiles}
            accept={{ 'image/png': [], 'image/jpeg': [], 'image/webp': [], 'image/gif': [] }}
            maxSize={MAX_SCREENSHOT_BYTES}
            prompt="Drop an image here or choose it"
            help="PNG, JPEG, WebP or GIF, up to 8 MB"
            onRejected={() =>
              setErrors((current) => ({
                ...current,
                screenshot: 'Choose a PNG, JPEG, WebP or GIF image of at most 8 MB',
              }))
            }
          />
        </Field>
      </form>
    </Dialog>
  )
}
