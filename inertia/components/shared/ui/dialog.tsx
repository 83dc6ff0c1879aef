import type { ReactNode } from 'react'
import { Dialog as RadixDialog } from 'radix-ui'
import { classNames } from './class_names'
import { CloseIcon } from './icons'

export type DialogProps = {
  title: string
  /** One sentence under the title: what this dialog is for. */
  description?: ReactNode
  /** The control that opens it (a Button); omit when `open` is controlled. */
  trigger?: ReactNode
  open?: boolean
  onOpenChange?: (open: boolean) => void
  /** The buttons at the bottom (Cancel, Save). */
  footer?: ReactNode
  size?: 'regular' | 'wide'
  children?: ReactNode
}

/**
 * A modal dialog (Radix): focus moves in and stays inside while it is open,
 * Escape or the close button shuts it, and focus returns to what opened it.
 */
export function Dialog({
  title,
  description,
  trigger,
  open,
  onOpenChange,
  footer,
  size = 'regular',
  children,
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="ui-overlay" />
        <RadixDialog.Content
          className={classNames('ui-dialog', size === 'wide' && 'ui-dialog-wide')}
          // Without a description Radix must be told there is none.
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="ui-dialog-header">
            <RadixDialog.Title className="ui-dialog-title">{title}</RadixDialog.Title>
            <RadixDialog.Close className="ui-icon-button" aria-label="Close">
              <CloseIcon size={18} />
            </RadixDialog.Close>
          </div>
          {description && (
            <RadixDialog.Description className="ui-dialog-description">
              {description}
            </RadixDialog.Description>
          )}
          {children && <div className="ui-dialog-body">{children}</div>}
          {footer && <div className="ui-dialog-footer">{footer}</div>}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}

/** A button inside a Dialog's footer that closes it (Cancel). */
export function DialogClose({ children }: { children: ReactNode }) {
  return <RadixDialog.Close asChild>{children}</RadixDialog.Close>
}
