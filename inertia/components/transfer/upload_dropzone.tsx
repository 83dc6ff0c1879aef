import { Field } from '~/components/shared/ui/field'
import { FileDropZone } from '~/components/shared/ui/file_drop_zone'

/**
 * Where files come in: dropped on the zone or chosen with it (click, or
 * Enter/Space on the focused zone). Chosen files go straight into the upload
 * queue, which lists them with their progress, so the zone keeps no list.
 */
export function UploadDropzone(props: { onFiles: (files: File[]) => void; disabled?: boolean }) {
  return (
    <Field label="Files to upload">
      <FileDropZone
        files={[]}
        onFilesChange={(files) => files.length > 0 && props.onFiles(files)}
        disabled={props.disabled}
        help="Up to 50 GB per file. Interrupted uploads continue where they stopped."
      />
    </Field>
  )
}
