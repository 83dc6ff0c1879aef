import { useId, useState, type DragEvent } from 'react'

/**
 * Where files come in: dropped on the zone or picked with the file input
 * inside it (which keyboards and screen readers reach as usual).
 */
export function UploadDropzone(props: { onFiles: (files: FileList) => void; disabled?: boolean }) {
  const inputId = useId()
  const [over, setOver] = useState(false)

  function drop(event: DragEvent) {
    event.preventDefault()
    setOver(false)
    if (!props.disabled && event.dataTransfer.files.length > 0) {
      props.onFiles(event.dataTransfer.files)
    }
  }

  return (
    <div
      className={`tx-dropzone${over ? ' tx-dropzone-over' : ''}`}
      onDragOver={(event) => {
        event.preventDefault()
        setOver(true)
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <p>
        <strong>Drop files here</strong> or choose them:
      </p>
      <label htmlFor={inputId} className="tx-visually-hidden">
        Files to upload
      </label>
      <input
        id={inputId}
        type="file"
        multiple
        disabled={props.disabled}
        onChange={(event) => {
          if (event.target.files && event.target.files.length > 0) {
            props.onFiles(event.target.files)
            event.target.value = ''
          }
        }}
      />
      <p className="muted small">
        Up to 50 GB per file. Interrupted uploads continue where they stopped.
      </p>
    </div>
  )
}
