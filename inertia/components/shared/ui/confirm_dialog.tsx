import { useState, type ReactNode } from 'react'
import { AlertDialog } from 'radix-ui'
import { Button } from './button'

export type ConfirmDialogProps = {
  /** The control that asks (a Button); none when `open` is controlled by the page. */
  trigger?: ReactNode
  /**
   * Controlled use, for an action chosen from a Menu: the page opens it and
   * hears when it closes (Cancel, Escape, or the action done).
   */
  open?: boolean
  onOpenChange?: (open: boolean) => void
  title: string
  /** What will happen, in the person's words ("The 3 files go to the trash"). */
  description: ReactNode
  confirmLabel: string
  cancelLabel?: string
  /** A destructive action gets the danger button. */
  tone?: 'danger' | 'primary'
  /**
   * Does the work. The dialog stays open with a busy button until it
   * settles, and stays open when it throws (the page shows why).
   */
  onConfirm: () => unknown
}

/**
 * "Are you sure?" before something that cannot be undone (Radix AlertDialog:
 * focus starts on Cancel, stays inside, and returns to the trigger).
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  tone = 'danger',
  onConfirm,
  open: controlledOpen,
  onOpenChange,
}: ConfirmDialogProps) {
  const [ownOpen, setOwnOpen] = useState(false)
  const open = controlledOpen ?? ownOpen
  function setOpen(next: boolean) {
    setOwnOpen(next)
    onOpenChange?.(next)
  }
  const [busy, setBusy] = useState(false)

  async function confirm() {
    setBusy(true)
    try {
      await onConfirm()
      setOpen(false)
    } catch {
      // The page reports the failure; the dialog stays for another try.
    } finally {
      setBusy(false)
    }
  }

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      {trigger && <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="ui-overlay" />
        <AlertDialog.Content className="ui-dialog">
          <AlertDialog.Title className="ui-dialog-title">{title}</AlertDialog.Title>
          <AlertDialog.Description className="ui-dialog-description">
            {description}
          </AlertDialog.Description>
          <div className="ui-dialog-footer">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">{cancelLabel}</Button>
            </AlertDialog.Cancel>
            <Button variant={tone} loading={busy} onClick={confirm}>
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
