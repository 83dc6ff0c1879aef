import { useDropzone, type Accept, type FileRejection } from 'react-dropzone'
import { formatBytes } from '~/components/shared/format'
import { classNames } from './class_names'
import { useFieldControl } from './field'
import { CloseIcon, FileIcon, UploadIcon } from './icons'

export type FileDropZoneProps = {
  files: File[]
  onFilesChange: (files: File[]) => void
  multiple?: boolean
  /** MIME types and extensions, as react-dropzone takes them. */
  accept?: Accept
  /** In bytes. */
  maxSize?: number
  disabled?: boolean
  /** The call to action inside the zone. */
  prompt?: string
  /** Below the prompt: what may be dropped ("PDF or JPEG, up to 20 MB"). */
  help?: string
  onRejected?: (rejections: FileRejection[]) => void
}

/**
 * Choose files by clicking (or Enter/Space on the focused zone) or by
 * dropping them; the chosen files are listed with a remove button each. It
 * replaces the browser's unstyled "Choose Files" control.
 */
export function FileDropZone({
  files,
  onFilesChange,
  multiple = true,
  accept,
  maxSize,
  disabled,
  prompt = multiple ? 'Drop files here or choose them' : 'Drop a file here or choose it',
  help,
  onRejected,
}: FileDropZoneProps) {
  const field = useFieldControl()
  const dropzone = useDropzone({
    multiple,
    accept,
    maxSize,
    disabled,
    onDrop: (accepted, rejected) => {
      onFilesChange(multiple ? [...files, ...accepted] : accepted.slice(0, 1))
      if (rejected.length > 0) {
        onRejected?.(rejected)
      }
    },
  })
  // The zone's name is everything it shows: the Field's label, the prompt and the help.
  const promptId = field ? `${field.id}-prompt` : undefined
  const helpId = field && help ? `${field.id}-help` : undefined
  return (
    <div className="ui-drop">
      <div
        {...dropzone.getRootProps({
          'className': classNames(
            'ui-drop-zone',
            dropzone.isDragActive && 'is-dragging',
            disabled && 'is-disabled'
          ),
          'role': 'button',
          'aria-labelledby': field
            ? [field.labelId, promptId, helpId].filter(Boolean).join(' ')
            : undefined,
          'aria-describedby': field?.describedBy,
          'aria-disabled': disabled || undefined,
        })}
      >
        <UploadIcon size={28} />
        <span id={promptId} className="ui-drop-prompt">
          {dropzone.isDragActive ? 'Drop to add' : prompt}
        </span>
        {/* A space, so the prompt and the help read as two phrases. */}
        {help && ' '}
        {help && (
          <span id={helpId} className="ui-drop-help">
            {help}
          </span>
        )}
      </div>
      {/* Outside the zone: a control inside a button would be a nested control. */}
      <input {...dropzone.getInputProps({ id: field?.id })} />
      {files.length > 0 && (
        <ul className="ui-drop-files" aria-label="Chosen files">
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`} className="ui-drop-file">
              <FileIcon size={18} />
              <span className="ui-drop-file-name">{file.name}</span>
              <span className="ui-drop-file-size">{formatBytes(file.size)}</span>
              <button
                type="button"
                className="ui-icon-button"
                aria-label={`Remove ${file.name}`}
                onClick={() => onFilesChange(files.filter((_, other) => other !== index))}
              >
                <CloseIcon size={16} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
