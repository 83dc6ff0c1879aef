import { useEffect, useRef, useState } from 'react'
import { api, errorMessage, sendFormWithProgress } from '~/components/shared/api'
import { SortableList } from '~/components/shared/sortable_list'
import { Button } from '~/components/shared/ui/button'
import { ConfirmDialog } from '~/components/shared/ui/confirm_dialog'
import { Dialog } from '~/components/shared/ui/dialog'
import { Field, Textarea } from '~/components/shared/ui/field'
import { FileDropZone } from '~/components/shared/ui/file_drop_zone'
import { ChevronLeftIcon, ChevronRightIcon } from '~/components/shared/ui/icons'
import { Notice } from '~/components/shared/ui/notice'
import { ProgressBar } from '~/components/shared/ui/progress_bar'
import { SkeletonText } from '~/components/shared/ui/skeleton'
import { useToast } from '~/components/shared/ui/toast'

export type LocationPhoto = {
  id: number
  filename: string
  originalName: string | null
  description: string | null
  photoDate: string | null
  width: number
  height: number
  sizeBytes: number
  position: number
  url: string
  thumbnailUrl: string
}

type Upload = { key: number; name: string; fraction: number; error: string | null }

/** What the server accepts (PHOTO_LIMITS); it decides by decoding, this only spares a trip. */
const ACCEPT = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/webp': ['.webp'],
  'image/heic': ['.heic'],
  'image/heif': ['.heif'],
}
const MAX_BYTES = 40 * 1024 * 1024
/** Files sent at once: each has its own bar, and the server encodes a few in parallel. */
const PARALLEL_UPLOADS = 3

const takenOn = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

function captionOf(photo: LocationPhoto) {
  return photo.description || photo.originalName || 'Photo'
}

/** The camera's local time as written ('2024-05-06T07:08:09'), shown without a zone shift. */
function dateOf(photo: LocationPhoto) {
  return photo.photoDate ? takenOn.format(new Date(photo.photoDate)) : null
}

/**
 * A location's photo gallery: add photos (drop, pick, or the phone's
 * camera) with a progress bar per file, a grid of thumbnails reordered by
 * dragging, and a full-screen viewer (arrow keys move between photos) to
 * describe or delete one.
 */
export function LocationPhotos(props: { locationId: number; locationName: string }) {
  const toast = useToast()
  const base = `/api/locations/${props.locationId}/photos`
  const [photos, setPhotos] = useState<LocationPhoto[] | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)
  const [uploads, setUploads] = useState<Upload[]>([])
  const [open, setOpen] = useState<number | null>(null)
  const nextKey = useRef(0)

  useEffect(() => {
    let live = true
    api<LocationPhoto[]>('GET', base)
      .then((list) => live && setPhotos(list))
      .catch((error) => live && setLoadError(errorMessage(error)))
    return () => {
      live = false
    }
  }, [base])

  function track(key: number, change: Partial<Upload>) {
    setUploads((list) =>
      list.map((upload) => (upload.key === key ? { ...upload, ...change } : upload))
    )
  }

  async function uploadOne(file: File, key: number) {
    const form = new FormData()
    form.append('photos', file, file.name)
    try {
      const added = await sendFormWithProgress<LocationPhoto[]>('POST', base, form, (fraction) =>
        track(key, { fraction })
      )
      // Uploads finish in any order; the server numbered them as it kept them.
      setPhotos((list) => [...(list ?? []), ...added].sort((a, b) => a.position - b.position))
      setUploads((list) => list.filter((upload) => upload.key !== key))
      return added
    } catch (error) {
      track(key, { error: errorMessage(error) })
      return []
    }
  }

  async function add(files: File[]) {
    const queued = files.map((file) => ({ file, key: nextKey.current++ }))
    setUploads((list) => [
      ...list,
      ...queued.map(({ file, key }) => ({ key, name: file.name, fraction: 0, error: null })),
    ])
    const added = new Map<number, LocationPhoto[]>()
    const waiting = [...queued]
    const worker = async () => {
      for (let next = waiting.shift(); next; next = waiting.shift()) {
        added.set(next.key, await uploadOne(next.file, next.key))
      }
    }
    await Promise.all(Array.from({ length: PARALLEL_UPLOADS }, worker))
    await keepPickOrder(queued.flatMap(({ key }) => added.get(key) ?? []))
  }

  /**
   * Photos picked together go up side by side and the server numbers each as
   * it finishes; once all are in, they take the places they were picked in
   * (the slots they hold, so photos around them stay where they are). The
   * gallery is read afresh, since others may have changed it meanwhile.
   */
  async function keepPickOrder(picked: LocationPhoto[]) {
    if (picked.length < 2) {
      return
    }
    try {
      const list = await api<LocationPhoto[]>('GET', base)
      const ids = picked.map((photo) => photo.id).filter((id) => list.some((p) => p.id === id))
      const slots = list.flatMap((photo, index) => (ids.includes(photo.id) ? [index] : []))
      if (slots.every((slot, n) => list[slot].id === ids[n])) {
        return
      }
      const ordered = list.map((photo) => photo.id)
      slots.forEach((slot, n) => (ordered[slot] = ids[n]))
      setPhotos(await api<LocationPhoto[]>('PUT', `${base}/order`, { ids: ordered }))
    } catch {
      // The gallery changed under us (or the network did): the arrival order stands.
    }
  }

  async function reorder(ordered: LocationPhoto[]) {
    const before = photos
    setPhotos(ordered)
    try {
      await api('PUT', `${base}/order`, { ids: ordered.map((photo) => photo.id) })
    } catch (error) {
      setPhotos(before)
      toast.error(`The new order was not saved: ${errorMessage(error)}`)
    }
  }

  function replaced(photo: LocationPhoto) {
    setPhotos((list) => (list ?? []).map((other) => (other.id === photo.id ? photo : other)))
  }

  function removed(photo: LocationPhoto) {
    setPhotos((list) => (list ?? []).filter((other) => other.id !== photo.id))
    // Back to the grid, where the photo is seen to be gone (and the toast is heard).
    setOpen(null)
  }

  const current = open === null || !photos ? null : (photos[open] ?? null)
  return (
    <section className="sc-section" aria-labelledby={`photos-${props.locationId}`}>
      <h3 id={`photos-${props.locationId}`}>Photos</h3>
      <FileDropZone
        files={[]}
        onFilesChange={(files) => void add(files)}
        accept={ACCEPT}
        maxSize={MAX_BYTES}
        prompt="Drop photos here or choose them"
        help="JPEG, PNG, WebP or HEIC, up to 40 MB each. On a phone you can take them with the camera."
        onRejected={(rejections) =>
          toast.error(
            `Not added: ${rejections.map((rejection) => rejection.file.name).join(', ')} (JPEG, PNG, WebP or HEIC photos up to 40 MB)`
          )
        }
      />
      {uploads.length > 0 && (
        <ul className="ui-stack-tight ui-plain-list" aria-label="Photos being added">
          {uploads.map((upload) => (
            <li key={upload.key}>
              {upload.error ? (
                <Notice tone="danger" role="alert">
                  {upload.name} was not added: {upload.error}{' '}
                  <Button
                    variant="ghost"
                    size="small"
                    onClick={() =>
                      setUploads((list) => list.filter((other) => other.key !== upload.key))
                    }
                  >
                    Dismiss
                  </Button>
                </Notice>
              ) : (
                <ProgressBar
                  label={`Adding ${upload.name}`}
                  value={upload.fraction >= 1 ? null : upload.fraction * 100}
                  detail={upload.fraction >= 1 ? 'processing…' : undefined}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {loadError ? (
        <Notice tone="danger" role="alert">
          The photos could not be loaded: {loadError}
        </Notice>
      ) : !photos ? (
        <SkeletonText lines={2} label="Loading photos…" />
      ) : photos.length === 0 ? (
        <p className="ui-field-hint">No photos of {props.locationName} yet.</p>
      ) : (
        <SortableList
          layout="grid"
          className="ui-photo-grid"
          items={photos}
          itemId={(photo) => String(photo.id)}
          itemLabel={(photo) => captionOf(photo)}
          onReorder={(ordered) => void reorder(ordered)}
        >
          {(photo) => (
            <button
              type="button"
              className="ui-photo-tile"
              onClick={() => setOpen(photos.indexOf(photo))}
            >
              <img
                src={photo.thumbnailUrl}
                alt={captionOf(photo)}
                loading="lazy"
                width={photo.width}
                height={photo.height}
              />
            </button>
          )}
        </SortableList>
      )}
      {current && photos && open !== null && (
        <PhotoViewer
          base={base}
          photo={current}
          index={open}
          count={photos.length}
          onMove={(index) => setOpen((index + photos.length) % photos.length)}
          onClose={() => setOpen(null)}
          onSaved={replaced}
          onDeleted={removed}
        />
      )}
    </section>
  )
}

/** One photo, full screen: ← and → move through the gallery, Escape closes. */
function PhotoViewer(props: {
  base: string
  photo: LocationPhoto
  index: number
  count: number
  onMove: (index: number) => void
  onClose: () => void
  onSaved: (photo: LocationPhoto) => void
  onDeleted: (photo: LocationPhoto) => void
}) {
  const toast = useToast()
  const { photo } = props
  // One dialog for the whole visit (re-mounting it per photo replays its
  // entrance and leaves it deaf to Escape until Radix registers it again), so
  // the draft description remembers which photo it belongs to.
  const [draft, setDraft] = useState<{ photoId: number; text: string } | null>(null)
  const description = draft?.photoId === photo.id ? draft.text : (photo.description ?? '')
  const [saving, setSaving] = useState(false)

  // Anywhere in the viewer (its close button has the focus at first) but a text field.
  const { index, onMove } = props
  useEffect(() => {
    function keys(event: globalThis.KeyboardEvent) {
      const target = event.target as HTMLElement | null
      if (target?.closest('textarea, input, [role="alertdialog"]')) return
      if (event.key === 'ArrowRight') onMove(index + 1)
      if (event.key === 'ArrowLeft') onMove(index - 1)
    }
    document.addEventListener('keydown', keys)
    return () => document.removeEventListener('keydown', keys)
  }, [index, onMove])

  async function save() {
    setSaving(true)
    try {
      props.onSaved(
        await api<LocationPhoto>('PATCH', `${props.base}/${photo.id}`, {
          description: description.trim() || null,
        })
      )
      toast.success('Description saved')
    } catch (error) {
      toast.error(`Not saved: ${errorMessage(error)}`)
    } finally {
      setSaving(false)
    }
  }

  async function remove() {
    try {
      await api('DELETE', `${props.base}/${photo.id}`)
    } catch (error) {
      toast.error(`The photo was not deleted: ${errorMessage(error)}`)
      throw error
    }
    props.onDeleted(photo)
    toast.success('Photo deleted')
  }

  const date = dateOf(photo)
  return (
    <Dialog
      open
      onOpenChange={(next) => !next && props.onClose()}
      size="wide"
      title={`Photo ${props.index + 1} of ${props.count}`}
      description={date ? `Taken ${date}` : undefined}
      footer={
        <>
          <ConfirmDialog
            trigger={<Button variant="danger">Delete photo</Button>}
            title="Delete this photo?"
            description="It is removed from the gallery and from storage, for good."
            confirmLabel="Delete"
            onConfirm={remove}
          />
          <Button onClick={() => void save()} loading={saving}>
            Save description
          </Button>
        </>
      }
    >
      <div className="ui-photo-viewer">
        <div className="ui-photo-stage">
          <Button
            variant="secondary"
            size="small"
            icon={<ChevronLeftIcon size={18} />}
            aria-label="Previous photo"
            onClick={() => props.onMove(props.index - 1)}
            disabled={props.count < 2}
          />
          <img src={photo.url} alt={captionOf(photo)} width={photo.width} height={photo.height} />
          <Button
            variant="secondary"
            size="small"
            icon={<ChevronRightIcon size={18} />}
            aria-label="Next photo"
            onClick={() => props.onMove(props.index + 1)}
            disabled={props.count < 2}
          />
        </div>
        <Field label="Description">
          <Textarea
            rows={2}
            maxLength={2000}
            value={description}
            onChange={(event) => setDraft({ photoId: photo.id, text: event.target.value })}
          />
        </Field>
      </div>
    </Dialog>
  )
}
